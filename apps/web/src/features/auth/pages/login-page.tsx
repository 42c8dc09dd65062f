import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { TLoginRequest } from '@portal/contract';
import { describeApiError, translateFieldMessage } from '../../../lib/api/errors';
import { applyFieldErrors } from '../../../lib/forms/api-errors';
import { NEXT_PARAM, safeNextPath } from '../../../lib/session/next-path';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { PasswordField } from '../../../components/ui/field';
import { PhoneField } from '../../../components/ui/phone-field';
import { FlowCard, flowStyles as styles } from '../../../components/flow/flow-card';
import { useLoginMutation } from '../api/auth-api';
import { useSubmitOnce } from '../../../lib/forms/use-submit-once';
import { lazyZodResolver } from '../../../lib/forms/lazy-resolver';
import { useSmallForm } from '../../../lib/forms/use-small-form';

// The schema and zod load on the customer's first key or tap, not with the page (speed budget of /auth).
const resolver = lazyZodResolver<TLoginRequest, { phone_number: string; password: string }>(() =>
  import('@portal/contract/auth/login').then((m) => m.ZLoginRequest),
);

function phoneFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { phone } = state as { phone?: unknown };
  return typeof phone === 'string' ? phone : undefined;
}

/** /auth: phone and password. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const phone = phoneFromState(location.state);
  // A deep link opened signed out (`/orders/order?id=17`) is where sign-in leads back to.
  const next = safeNextPath(params.get(NEXT_PARAM));
  const [login] = useLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // Two fields: a small form of its own rather than react-hook-form, whose ~13 KB /auth's budget cannot spare.
  const { values, errors, isSubmitting, formRef, field, setValue, setError, handleSubmit } = useSmallForm({
    resolver,
    defaultValues: { phone_number: phone ?? '', password: '' },
  });

  const onSubmit = useSubmitOnce(
    handleSubmit(async (values) => {
      setFailure(null);
      const result = await login(values);
      if ('data' in result) {
        navigate(next ?? '/', { replace: true });
        return;
      }
      const info = describeApiError(result.error, t);
      const rest = applyFieldErrors(info, setError, ['phone_number', 'password']);
      if (!Object.keys(info.fields).length || rest.length) setFailure(info.message);
    }),
  );

  return (
    <FlowCard
      testId="login-page"
      title={t('auth:login.title')}
      lead={t('auth:login.lead')}
      footer={
        <>
          {t('auth:login.no_account')} <Link to="/auth/register-code">{t('auth:login.register')}</Link>
          <br />
          <Link to="/track" data-testid="login-track">
            {t('auth:login.track')}
          </Link>
        </>
      }
    >
      <form
        ref={formRef}
        className={styles.form}
        onSubmit={onSubmit}
        onKeyDown={resolver.preload}
        onPointerDown={resolver.preload}
        noValidate
      >
        <PhoneField
          label={t('auth:fields.phone')}
          name="phone_number"
          value={values.phone_number}
          onChange={(value) => setValue('phone_number', value)}
          error={translateFieldMessage(errors.phone_number, t)}
          autoFocus={!phone}
        />
        <PasswordField
          label={t('auth:fields.password')}
          autoComplete="current-password"
          autoFocus={Boolean(phone)}
          error={translateFieldMessage(errors.password, t)}
          {...field('password')}
        />
        <div className={styles.linkRow}>
          <Link to="/auth/forgot-code">{t('auth:login.forgot')}</Link>
        </div>
        {failure && <Alert>{failure}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" block loading={isSubmitting}>
            {t('auth:login.submit')}
          </Button>
        </div>
      </form>
    </FlowCard>
  );
}
