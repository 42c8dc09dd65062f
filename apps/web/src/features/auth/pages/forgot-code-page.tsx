import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FlowCard } from '../../../components/flow/flow-card';
import { LockIcon } from '../../../components/ui/icons';
import { SendCodeForm } from '../components/send-code-form';

/** /auth/forgot-code: the phone number of the account whose password is forgotten. */
export default function ForgotCodePage() {
  const { t } = useTranslation();
  return (
    <FlowCard
      testId="forgot-code-page"
      step={[1, 3]}
      icon={<LockIcon />}
      title={t('auth:forgot.title')}
      lead={t('auth:forgot.code_lead')}
      footer={<Link to="/auth">{t('auth:forgot.back')}</Link>}
    >
      <SendCodeForm purpose="forgot" next="/auth/forgot-verify" />
    </FlowCard>
  );
}
