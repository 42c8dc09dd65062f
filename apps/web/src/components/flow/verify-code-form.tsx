import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ZCode } from '@portal/contract';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { describeApiError, translateFieldMessage } from '../../lib/api/errors';
import { formatSeconds, useCountdown } from '../../lib/forms/use-countdown';
import { Button } from '../ui/button';
import { CodeInput } from '../ui/code-input';
import { Alert } from '../ui/feedback';
import { flowStyles as styles } from './flow-card';

const ZCodeForm = z.object({ code: ZCode });
type CodeForm = z.input<typeof ZCodeForm>;

type ApiFailure = FetchBaseQueryError | SerializedError;

function isApiFailure(value: unknown): value is ApiFailure {
  return typeof value === 'object' && value !== null && ('status' in value || 'message' in value);
}

/** Codes the user fixes by asking for a new code. */
const NEEDS_NEW_CODE = new Set(['code_expired', 'code_attempts_exceeded']);

interface VerifyCodeFormProps {
  /** When another code may be asked for (epoch ms). */
  resendAt: number;
  /** Checks the code; rejects with the API error. */
  onVerify: (code: string) => Promise<unknown>;
  /** Sends a new code; resolves to the next resend time (epoch ms), rejects with the API error. */
  onResend: () => Promise<number>;
  submitLabel?: string;
}

/**
 * The code step of every flow: six cells (paste and SMS autofill fill them all), submit as soon as
 * the code is complete, a resend countdown, and clear messages for wrong, expired, exhausted and rate-limited codes.
 */
export function VerifyCodeForm({ resendAt, onVerify, onResend, submitLabel }: VerifyCodeFormProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [needsNewCode, setNeedsNewCode] = useState(false);
  const [resending, setResending] = useState(false);
  const seconds = useCountdown(resendAt);
  const { control, handleSubmit, setError, setValue, formState } = useForm<CodeForm>({
    resolver: zodResolver(ZCodeForm),
    defaultValues: { code: '' },
  });

  const busy = useRef(false);
  const submit = handleSubmit(async ({ code }) => {
    if (busy.current) return;
    busy.current = true;
    setMessage(null);
    try {
      await onVerify(code);
    } catch (error) {
      const info = describeApiError(isApiFailure(error) ? error : undefined, t);
      const fieldMessage = info.fields.code?.[0];
      if (fieldMessage) setError('code', { type: 'server', message: fieldMessage });
      else setMessage({ kind: 'error', text: info.message });
      setNeedsNewCode(NEEDS_NEW_CODE.has(info.code));
      setValue('code', '');
    } finally {
      busy.current = false;
    }
  });

  const resend = async () => {
    setResending(true);
    setMessage(null);
    try {
      await onResend();
      setNeedsNewCode(false);
      setValue('code', '');
      setMessage({ kind: 'success', text: t('auth:verify.resent') });
    } catch (error) {
      setMessage({ kind: 'error', text: describeApiError(isApiFailure(error) ? error : undefined, t).message });
    } finally {
      setResending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Controller
        control={control}
        name="code"
        render={({ field, fieldState }) => (
          <CodeInput
            label={t('auth:verify.code_label')}
            value={field.value}
            onChange={field.onChange}
            onComplete={() => void submit()}
            error={translateFieldMessage(fieldState.error?.message, t)}
            disabled={formState.isSubmitting}
            autoFocus
          />
        )}
      />
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      <div className={styles.resend} aria-live="polite">
        {seconds > 0 ? (
          <span data-testid="resend-countdown">{t('auth:verify.resend_in', { time: formatSeconds(seconds) })}</span>
        ) : (
          <>
            <span>{needsNewCode ? t('auth:verify.request_new') : t('auth:verify.no_code')}</span>
            <Button variant="ghost" size="sm" onClick={() => void resend()} loading={resending} data-testid="resend-button">
              {t('auth:verify.resend')}
            </Button>
          </>
        )}
      </div>
      <div className={styles.actions}>
        <Button type="submit" block loading={formState.isSubmitting}>
          {submitLabel ?? t('auth:verify.submit')}
        </Button>
      </div>
    </form>
  );
}
