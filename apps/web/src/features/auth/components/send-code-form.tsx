import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TSendCodeRequest } from '@portal/contract';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { describeApiError, translateFieldMessage } from '../../../lib/api/errors';
import { applyFieldErrors } from '../../../lib/forms/api-errors';
import { codeFlowStarted, selectCodeFlow } from '../../../lib/session/auth-slice';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { PhoneField } from '../../../components/ui/phone-field';
import { flowStyles as styles } from '../../../components/flow/flow-card';
import { useSendForgotCodeMutation, useSendRegisterCodeMutation } from '../api/auth-api';
import { useSubmitOnce } from '../../../lib/forms/use-submit-once';
import { lazyZodResolver } from '../../../lib/forms/lazy-resolver';

// The schema and zod load on the customer's first key or tap, not with the page (speed budget of /auth).
const resolver = lazyZodResolver<TSendCodeRequest, { phone_number: string }>(() =>
  import('@portal/contract/auth/send-code').then((m) => m.ZSendCodeRequest),
);

interface SendCodeFormProps {
  purpose: 'register' | 'forgot';
  /** Where the code step lives. */
  next: string;
  initialPhone?: string;
}

/**
 * Step one of registration and password reset: the phone number, then a code by SMS.
 * Asking again within the cooldown goes straight on to the code step (the code sent before still works).
 */
export function SendCodeForm({ purpose, next, initialPhone = '' }: SendCodeFormProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const flow = useAppSelector(selectCodeFlow);
  const [sendRegister] = useSendRegisterCodeMutation();
  const [sendForgot] = useSendForgotCodeMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<TSendCodeRequest, unknown, { phone_number: string }>({
    resolver,
    defaultValues: { phone_number: flow?.purpose === purpose ? flow.phone_number : initialPhone },
  });

  const onSubmit = useSubmitOnce(
    handleSubmit(async ({ phone_number }) => {
      setFailure(null);
      const send = purpose === 'register' ? sendRegister : sendForgot;
      const result = await send({ phone_number });
      if ('data' in result && result.data) {
        dispatch(codeFlowStarted({ purpose, phone_number, resend_at: Date.now() + result.data.resend_after * 1000 }));
        navigate(next);
        return;
      }
      const info = describeApiError(result.error, t);
      if (info.code === 'code_resend_too_soon' && info.retryAfter) {
        dispatch(codeFlowStarted({ purpose, phone_number, resend_at: Date.now() + info.retryAfter * 1000 }));
        navigate(next);
        return;
      }
      const rest = applyFieldErrors(info, setError, ['phone_number']);
      setFailure(!info.fields.phone_number || rest.length ? info.message : null);
    }),
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} onKeyDown={resolver.preload} onPointerDown={resolver.preload} noValidate>
      <Controller
        control={control}
        name="phone_number"
        render={({ field, fieldState }) => (
          <PhoneField
            label={t('auth:fields.phone')}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={translateFieldMessage(fieldState.error?.message, t)}
            autoFocus
          />
        )}
      />
      {failure && <Alert>{failure}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" block loading={formState.isSubmitting}>
          {t('auth:send_code.submit')}
        </Button>
      </div>
    </form>
  );
}
