import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZInvitationToken } from '@portal/contract';
import { describeApiError, translateFieldMessage } from '../../../lib/api/errors';
import { applyFieldErrors } from '../../../lib/forms/api-errors';
import { notify } from '../../../lib/ui/toast';
import { FlowCard, flowStyles as styles } from '../../../components/flow/flow-card';
import { Button } from '../../../components/ui/button';
import { Alert, PageSpinner } from '../../../components/ui/feedback';
import { PasswordField } from '../../../components/ui/field';
import { LockIcon } from '../../../components/ui/icons';
import { useCheckInvitationMutation, useSetPasswordMutation } from '../api/auth-api';
import { ZNewPasswordForm, type TNewPasswordForm } from '../model/register-form';
import { useSubmitOnce } from '../../../lib/forms/use-submit-once';
import { usePasswordsMatch, withPasswordsMatch } from '../../../lib/forms/use-passwords-match';

/**
 * /auth/set-password?token=…: the link of a staff invitation (ADR 075). The link is checked first (for whom, still
 * good); then the new password is set once and the person signs in with it. A used, expired or replaced link says so
 * in the reader's language, with the way on.
 */
export default function SetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const wellFormed = ZInvitationToken.safeParse(token).success;
  const [check, checked] = useCheckInvitationMutation();
  const [setPassword] = useSetPasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TNewPasswordForm>({
    resolver: withPasswordsMatch(zodResolver(ZNewPasswordForm)),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const { register, handleSubmit, setError, formState } = form;
  usePasswordsMatch(form);

  useEffect(() => {
    if (wellFormed) void check({ token });
  }, [check, token, wellFormed]);

  const onSubmit = useSubmitOnce(
    handleSubmit(async (values) => {
      setFailure(null);
      const result = await setPassword({ ...values, token });
      if ('data' in result && result.data) {
        notify.success(t('auth:set_password.done'));
        navigate('/auth', { replace: true, state: { phone: result.data.phone_number } });
        return;
      }
      const info = describeApiError('error' in result ? result.error : undefined, t);
      const rest = applyFieldErrors(info, setError, ['password', 'password_confirmation']);
      if (!Object.keys(info.fields).length || rest.length) setFailure(info.message);
    }),
  );

  const toLogin = <Link to="/auth">{t('auth:set_password.to_login')}</Link>;
  if (wellFormed && (checked.isUninitialized || checked.isLoading)) return <PageSpinner />;
  if (!wellFormed || checked.isError) {
    const message = wellFormed ? describeApiError(checked.error, t).message : t('auth:set_password.missing');
    return (
      <FlowCard testId="set-password-invalid" icon={<LockIcon />} title={t('auth:set_password.invalid_title')} footer={toLogin}>
        <Alert>{message}</Alert>
      </FlowCard>
    );
  }
  const who = checked.data!;
  return (
    <FlowCard
      testId="set-password-page"
      icon={<LockIcon />}
      title={t('auth:set_password.title')}
      lead={t('auth:set_password.lead', { name: who.first_name, phone: who.phone_number })}
      footer={toLogin}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t('auth:fields.new_password')}
          autoComplete="new-password"
          hint={t('auth:fields.password_hint')}
          autoFocus
          error={translateFieldMessage(formState.errors.password?.message, t)}
          {...register('password')}
        />
        <PasswordField
          label={t('auth:fields.password_confirmation')}
          autoComplete="new-password"
          error={translateFieldMessage(formState.errors.password_confirmation?.message, t)}
          {...register('password_confirmation')}
        />
        {failure && <Alert>{failure}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" block loading={formState.isSubmitting}>
            {t('auth:set_password.submit')}
          </Button>
        </div>
      </form>
    </FlowCard>
  );
}
