import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { codeResent, codeVerified, selectCodeFlow } from '../../../lib/session/auth-slice';
import { FlowCard, flowStyles } from '../../../components/flow/flow-card';
import { VerifyCodeForm } from '../../../components/flow/verify-code-form';
import { ShieldIcon } from '../../../components/ui/icons';
import { readablePhone } from '../../../components/ui/phone-field';
import { useSendPhoneChangeCodeMutation, useVerifyPhoneChangeCodeMutation } from '../api/account-api';

/** /profile/account/update-verify: the code sent to the current number. */
export default function UpdateVerifyPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const flow = useAppSelector(selectCodeFlow);
  const [verify] = useVerifyPhoneChangeCodeMutation();
  const [send] = useSendPhoneChangeCodeMutation();
  if (!flow || flow.purpose !== 'update_phone') return <Navigate to="/profile/account/update-code" replace />;

  const onVerify = async (code: string) => {
    const data = await verify({ phone_number: flow.phone_number, code }).unwrap();
    dispatch(codeVerified({ verification_token: data.verification_token }));
    navigate('/profile/account/update-phone');
  };
  const onResend = async () => {
    const data = await send().unwrap();
    const at = Date.now() + data.resend_after * 1000;
    dispatch(codeResent({ resend_at: at }));
    return at;
  };

  return (
    <FlowCard
      testId="update-verify-page"
      step={[2, 3]}
      icon={<ShieldIcon />}
      title={t('auth:verify.title')}
      lead={
        <>
          {t('auth:verify.lead')} <span className={flowStyles.phone}>{flow.phone_hint ?? readablePhone(flow.phone_number)}</span>
        </>
      }
      footer={<Link to="/profile/account">{t('common:cancel')}</Link>}
    >
      <VerifyCodeForm resendAt={flow.resend_at} onVerify={onVerify} onResend={onResend} />
    </FlowCard>
  );
}
