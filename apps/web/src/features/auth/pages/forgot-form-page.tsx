import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { describeApiError, translateFieldMessage } from '../../../lib/api/errors';
import { applyFieldErrors } from '../../../lib/forms/api-errors';
import { codeFlowEnded, selectCodeFlow } from '../../../lib/session/auth-slice';
import { notify } from '../../../lib/ui/toast';
import { FlowCard, flowStyles as styles } from '../../../components/flow/flow-card';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { PasswordField } from '../../../components/ui/field';
import { LockIcon } from '../../../components/ui/icons';
import { useUpdatePasswordMutation } from '../api/auth-api';
import { ZNewPasswordForm, type TNewPasswordForm } from '../model/register-form';
import { useSubmitOnce } from '../../../lib/forms/use-submit-once';
import { usePasswordsMatch, withPasswordsMatch } from '../../../lib/forms/use-passwords-match';

/** /auth/forgot-form: the new password; then sign in with it. */
export default function ForgotFormPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const flow = useAppSelector(selectCodeFlow);
  const [updatePassword] = useUpdatePasswordMutation();
  const [failure, setFailure] = useState<{ text: string; restart: boolean } | null>(null);
  // Set once the password is saved: the flow then ends, and this page must not send the user back to its start.
  const finished = useRef(false);
  const form = useForm<TNewPasswordForm>({
    resolver: withPasswordsMatch(zodResolver(ZNewPasswordForm)),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const { register, handleSubmit, setError, formState } = form;
  usePasswordsMatch(form);
  const phone_number = flow?.phone_number ?? '';
  const verification_token = flow?.verification_token ?? '';

  const onSubmit = useSubmitOnce(
    handleSubmit(async (values) => {
      setFailure(null);
      const result = await updatePassword({ ...values, phone_number, verification_token });
      if ('data' in result) {
        finished.current = true;
        notify.success(t('auth:forgot.done'));
        navigate('/auth', { replace: true, state: { phone: phone_number } });
        dispatch(codeFlowEnded());
        return;
      }
      const info = describeApiError(result.error, t);
      const rest = applyFieldErrors(info, setError, ['password', 'password_confirmation']);
      if (!Object.keys(info.fields).length || rest.length)
        setFailure({ text: info.message, restart: info.code === 'verification_token_invalid' });
    }),
  );

  if (!flow || flow.purpose !== 'forgot' || !flow.verification_token) {
    return finished.current ? null : <Navigate to="/auth/forgot-code" replace />;
  }

  return (
    <FlowCard
      testId="forgot-form-page"
      step={[3, 3]}
      icon={<LockIcon />}
      title={t('auth:forgot.form_title')}
      lead={t('auth:forgot.form_lead')}
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
        {failure && (
          <Alert>
            {failure.text}
            {failure.restart && (
              <>
                {' '}
                <Link to="/auth/forgot-code">{t('auth:register.start_again')}</Link>
              </>
            )}
          </Alert>
        )}
        <div className={styles.actions}>
          <Button type="submit" block loading={formState.isSubmitting}>
            {t('auth:forgot.submit')}
          </Button>
        </div>
      </form>
    </FlowCard>
  );
}
