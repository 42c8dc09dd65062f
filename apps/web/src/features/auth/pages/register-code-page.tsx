import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FlowCard } from '../../../components/flow/flow-card';
import { PhoneIcon } from '../../../components/ui/icons';
import { SendCodeForm } from '../components/send-code-form';

/** /auth/register-code: the phone number a code is sent to. */
export default function RegisterCodePage() {
  const { t } = useTranslation();
  return (
    <FlowCard
      testId="register-code-page"
      step={[1, 3]}
      icon={<PhoneIcon />}
      title={t('auth:register.title')}
      lead={t('auth:register.code_lead')}
      footer={
        <>
          {t('auth:register.have_account')} <Link to="/auth">{t('auth:register.sign_in')}</Link>
        </>
      }
    >
      <SendCodeForm purpose="register" next="/auth/register-verify" />
    </FlowCard>
  );
}
