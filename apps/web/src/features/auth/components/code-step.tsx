import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { codeResent, codeVerified, selectCodeFlow } from '../../../lib/session/auth-slice';
import { FlowCard, flowStyles as styles } from '../../../components/flow/flow-card';
import { VerifyCodeForm } from '../../../components/flow/verify-code-form';
import { readablePhone } from '../../../components/ui/phone-field';
import { ShieldIcon } from '../../../components/ui/icons';
import { useSendForgotCodeMutation, useSendRegisterCodeMutation, useVerifyCodeMutation } from '../api/auth-api';

interface CodeStepProps {
  purpose: 'register' | 'forgot';
  start: string;
  next: string;
  title: string;
  step?: [number, number];
  /** Said above the link back to the start (registration: what an SMS without a code means). */
  note?: ReactNode;
}

/** The verify step of registration and password reset. Without a flow in progress it goes back to the start. */
export function CodeStep({ purpose, start, next, title, step, note }: CodeStepProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const flow = useAppSelector(selectCodeFlow);
  const [verify] = useVerifyCodeMutation();
  const [sendRegister] = useSendRegisterCodeMutation();
  const [sendForgot] = useSendForgotCodeMutation();
  if (!flow || flow.purpose !== purpose) return <Navigate to={start} replace />;

  const onVerify = async (code: string) => {
    const data = await verify({ phone_number: flow.phone_number, code, type: purpose }).unwrap();
    dispatch(codeVerified({ verification_token: data.verification_token }));
    navigate(next);
  };
  const onResend = async () => {
    const send = purpose === 'register' ? sendRegister : sendForgot;
    const data = await send({ phone_number: flow.phone_number }).unwrap();
    const at = Date.now() + data.resend_after * 1000;
    dispatch(codeResent({ resend_at: at }));
    return at;
  };

  return (
    <FlowCard
      testId={`${purpose}-verify-page`}
      step={step}
      icon={<ShieldIcon />}
      title={title}
      lead={
        <>
          {t('auth:verify.lead')} <span className={styles.phone}>{readablePhone(flow.phone_number)}</span>
        </>
      }
      footer={
        <>
          {note}
          <Link to={start}>{t('auth:verify.change_number')}</Link>
        </>
      }
    >
      <VerifyCodeForm resendAt={flow.resend_at} onVerify={onVerify} onResend={onResend} />
    </FlowCard>
  );
}
