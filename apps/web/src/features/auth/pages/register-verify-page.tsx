import { useTranslation } from 'react-i18next';
import { CodeStep } from '../components/code-step';

/** /auth/register-verify: the code from the SMS. */
export default function RegisterVerifyPage() {
  const { t } = useTranslation();
  return (
    <CodeStep purpose="register" start="/auth/register-code" next="/auth/register-form" title={t('auth:verify.title')} step={[2, 3]} />
  );
}
