import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { describeApiError, translateFieldMessage } from '../../../lib/api/errors';
import { applyFieldErrors } from '../../../lib/forms/api-errors';
import { codeFlowEnded, selectCodeFlow, selectUser } from '../../../lib/session/auth-slice';
import { notify } from '../../../lib/ui/toast';
import { FlowCard, flowStyles } from '../../../components/flow/flow-card';
import { VerifyCodeForm } from '../../../components/flow/verify-code-form';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { PhoneIcon } from '../../../components/ui/icons';
import { PhoneField, readablePhone } from '../../../components/ui/phone-field';
import { useSendNewPhoneCodeMutation, useUpdatePhoneMutation } from '../api/account-api';
import { ZNewPhoneForm, type TNewPhoneForm } from '../model/phone-change';
import { useSubmitOnce } from '../../../lib/forms/use-submit-once';

/**
 * /profile/account/update-phone: the new number, once the current one is proven. A code then goes to
 * the new number and is entered on this same screen; the number is saved only with that code.
 */
export default function UpdatePhonePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const flow = useAppSelector(selectCodeFlow);
  const user = useAppSelector(selectUser);
  const [sendCode] = useSendNewPhoneCodeMutation();
  const [updatePhone] = useUpdatePhoneMutation();
  const [failure, setFailure] = useState<{ text: string; restart: boolean } | null>(null);
  /** The number a code went to, and when another may be asked for. */
  const [sent, setSent] = useState<{ phone: string; resendAt: number } | null>(null);
  // Set once the number is saved: the flow then ends, and this page must not send the user back to its start.
  const finished = useRef(false);
  const { control, handleSubmit, setError, formState } = useForm<TNewPhoneForm, unknown, { phone_number: string }>({
    resolver: zodResolver(ZNewPhoneForm),
    defaultValues: { phone_number: '' },
  });
  const verification_token = flow?.verification_token ?? '';

  const showFailure = (error: Parameters<typeof describeApiError>[0]) => {
    const info = describeApiError(error, t);
    const rest = applyFieldErrors(info, setError, ['phone_number']);
    if (!info.fields.phone_number || rest.length) setFailure({ text: info.message, restart: info.code === 'verification_token_invalid' });
  };

  const onSend = useSubmitOnce(
    handleSubmit(async ({ phone_number }) => {
      setFailure(null);
      if (user && phone_number === user.phone_number) {
        setError('phone_number', { type: 'same', message: t('account:phone.same_number') }, { shouldFocus: true });
        return;
      }
      const result = await sendCode({ phone_number, verification_token });
      if ('data' in result && result.data) {
        setSent({ phone: phone_number, resendAt: Date.now() + result.data.resend_after * 1000 });
        return;
      }
      showFailure(result.error);
    }),
  );

  const onVerify = async (code: string) => {
    if (!sent) return;
    const data = await updatePhone({ phone_number: sent.phone, verification_token, code }).unwrap();
    if (data) {
      finished.current = true;
      notify.success(t('common:saved'));
      navigate('/profile/account', { replace: true });
      dispatch(codeFlowEnded());
    }
  };
  const onResend = async () => {
    if (!sent) return Date.now();
    const data = await sendCode({ phone_number: sent.phone, verification_token }).unwrap();
    const at = Date.now() + data.resend_after * 1000;
    setSent({ ...sent, resendAt: at });
    return at;
  };

  const restartLink = failure?.restart && (
    <>
      {' '}
      <Link to="/profile/account/update-code">{t('auth:register.start_again')}</Link>
    </>
  );

  if (!flow || flow.purpose !== 'update_phone' || !flow.verification_token) {
    return finished.current ? null : <Navigate to="/profile/account/update-code" replace />;
  }

  return (
    <FlowCard
      testId="update-phone-page"
      step={[3, 3]}
      icon={<PhoneIcon />}
      title={t('account:phone.new_title')}
      lead={
        sent ? (
          <>
            {t('account:phone.new_code_lead')} <span className={flowStyles.phone}>{readablePhone(sent.phone)}</span>
          </>
        ) : (
          t('account:phone.new_lead')
        )
      }
      footer={
        sent ? (
          <Button variant="ghost" size="sm" onClick={() => setSent(null)} data-testid="other-number">
            {t('account:phone.other_number')}
          </Button>
        ) : undefined
      }
    >
      {sent ? (
        <VerifyCodeForm
          key={sent.phone}
          resendAt={sent.resendAt}
          onVerify={onVerify}
          onResend={onResend}
          submitLabel={t('account:phone.save')}
        />
      ) : (
        <form className={flowStyles.form} onSubmit={onSend} noValidate>
          <Controller
            control={control}
            name="phone_number"
            render={({ field, fieldState }) => (
              <PhoneField
                label={t('account:phone.new_label')}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={translateFieldMessage(fieldState.error?.message, t)}
                autoFocus
              />
            )}
          />
          {failure && (
            <Alert>
              {failure.text}
              {restartLink}
            </Alert>
          )}
          <div className={flowStyles.actions}>
            <Button type="submit" block loading={formState.isSubmitting}>
              {t('account:phone.send_new_code')}
            </Button>
          </div>
        </form>
      )}
    </FlowCard>
  );
}
