import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { flowStyles as styles } from '../../../components/flow/flow-card';
import { CodeStep } from '../components/code-step';

/**
 * /auth/register-verify: the code from the SMS. A number that already has an account gets the same answer as a new
 * one (nobody can learn which numbers are customers'); its SMS then says so instead of giving a code, and this note
 * tells the person what to do.
 */
export default function RegisterVerifyPage() {
  const { t } = useTranslation();
  return (
    <CodeStep
      purpose="register"
      start="/auth/register-code"
      next="/auth/register-form"
      title={t('auth:verify.title')}
      step={[2, 3]}
      note={
        <p className={styles.note} data-testid="register-taken-note">
          {t('auth:verify.register_taken')} <Link to="/auth">{t('auth:register.sign_in')}</Link> ·{' '}
          <Link to="/auth/forgot-code">{t('auth:login.forgot')}</Link>
        </p>
      }
    />
  );
}
