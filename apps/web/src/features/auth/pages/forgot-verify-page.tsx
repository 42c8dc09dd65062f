import { useTranslation } from 'react-i18next';
import { CodeStep } from '../components/code-step';

/** /auth/forgot-verify: the code from the SMS. */
export default function ForgotVerifyPage() {
  const { t } = useTranslation();
  return <CodeStep purpose="forgot" start="/auth/forgot-code" next="/auth/forgot-form" title={t('auth:verify.title')} step={[2, 3]} />;
}
