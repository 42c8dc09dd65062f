import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAppSelector } from '../../../app/hooks';
import { describeApiError, translateFieldMessage } from '../../../lib/api/errors';
import { applyFieldErrors } from '../../../lib/forms/api-errors';
import { selectCodeFlow } from '../../../lib/session/auth-slice';
import { notify } from '../../../lib/ui/toast';
import { TAB_KEYS, tabStorage } from '../../../lib/storage';
import { PersonalDataFields } from '../../../components/flow/personal-data-fields';
import { FlowCard, flowStyles as styles } from '../../../components/flow/flow-card';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { fieldStyles, PasswordField, TextField } from '../../../components/ui/field';
import { LockIcon, UserIcon } from '../../../components/ui/icons';
import { useRegisterMutation } from '../api/auth-api';
import { REGISTER_FIELDS, ZRegisterForm, type TRegisterForm, type TRegisterFormOut } from '../model/register-form';
import { useSubmitOnce } from '../../../lib/forms/use-submit-once';
import { usePasswordsMatch, withPasswordsMatch } from '../../../lib/forms/use-passwords-match';

const KEPT_FIELDS = ['first_name', 'last_name', 'branch_id', 'gender', 'date_of_birth'] as const;

/** The fields this tab kept from before a reload (strings only; anything else is ignored). */
function keptFields(): Partial<TRegisterForm> {
  const kept = tabStorage.read(TAB_KEYS.registerForm);
  if (!kept || typeof kept !== 'object') return {};
  const out: Record<string, string> = {};
  for (const key of KEPT_FIELDS) {
    const value = (kept as Record<string, unknown>)[key];
    if (typeof value === 'string') out[key] = value;
  }
  return out as Partial<TRegisterForm>;
}

/** /auth/register-form: name, branch, gender, date of birth and password, after the phone is verified. */
export default function RegisterFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flow = useAppSelector(selectCodeFlow);
  const [registerAccount] = useRegisterMutation();
  const [failure, setFailure] = useState<{ text: string; restart: boolean } | null>(null);
  // Set once the account exists: the session start ends the flow, and this page must not send the user back.
  const finished = useRef(false);
  const form = useForm<TRegisterForm, unknown, TRegisterFormOut>({
    resolver: withPasswordsMatch(zodResolver(ZRegisterForm)),
    defaultValues: {
      first_name: '',
      last_name: '',
      branch_id: '',
      date_of_birth: '',
      ...keptFields(),
      password: '',
      password_confirmation: '',
    },
  });
  const { control, register, handleSubmit, setError, formState } = form;
  usePasswordsMatch(form);
  // What is typed is kept for the tab's life (never the passwords), so a reload loses nothing.
  useEffect(() => {
    const subscription = form.watch((values) => {
      const { password: _p, password_confirmation: _c, ...fields } = values;
      tabStorage.write(TAB_KEYS.registerForm, fields);
    });
    return () => subscription.unsubscribe();
  }, [form]);
  const phone_number = flow?.phone_number ?? '';
  const verification_token = flow?.verification_token ?? '';

  const onSubmit = useSubmitOnce(
    handleSubmit(async (values) => {
      setFailure(null);
      finished.current = true;
      const result = await registerAccount({ ...values, branch_id: Number(values.branch_id), phone_number, verification_token });
      if ('data' in result) {
        notify.success(t('auth:register.welcome'));
        navigate('/', { replace: true });
        return;
      }
      finished.current = false;
      const info = describeApiError(result.error, t);
      const rest = applyFieldErrors(info, setError, REGISTER_FIELDS);
      if (!Object.keys(info.fields).length || rest.length) {
        setFailure({
          text: info.message,
          restart: info.code === 'verification_token_invalid' || info.code === 'phone_taken' || 'verification_token' in info.fields,
        });
      }
    }),
  );

  const err = (name: (typeof REGISTER_FIELDS)[number]) => translateFieldMessage(formState.errors[name]?.message, t);

  if (!flow || flow.purpose !== 'register' || !flow.verification_token) {
    return finished.current ? null : <Navigate to="/auth/register-code" replace />;
  }

  return (
    <FlowCard
      testId="register-form-page"
      wide
      step={flow.via === 'telegram' ? undefined : [3, 3]}
      icon={<UserIcon />}
      title={t('auth:register.form_title')}
      lead={t('auth:register.form_lead')}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {flow.via === 'telegram' && (
          <TextField
            label={t('auth:register.phone_from_telegram')}
            value={phone_number}
            readOnly
            end={
              <span className={fieldStyles.adornment} style={{ color: 'var(--color-text-subtle)', paddingInline: 'var(--space-4)' }}>
                <LockIcon size={18} />
              </span>
            }
            data-testid="telegram-phone"
          />
        )}
        <PersonalDataFields control={control} register={register} errors={formState.errors} branchHint={t('auth:fields.branch_hint')} />
        <div className={styles.row}>
          <PasswordField
            label={t('auth:fields.password')}
            autoComplete="new-password"
            hint={t('auth:fields.password_hint')}
            error={err('password')}
            {...register('password')}
          />
          <PasswordField
            label={t('auth:fields.password_confirmation')}
            autoComplete="new-password"
            error={err('password_confirmation')}
            {...register('password_confirmation')}
          />
        </div>
        {failure && (
          <Alert>
            {failure.text}
            {failure.restart && (
              <>
                {' '}
                <Link to="/auth/register-code">{t('auth:register.start_again')}</Link>
              </>
            )}
          </Alert>
        )}
        <div className={styles.actions}>
          <Button type="submit" block loading={formState.isSubmitting}>
            {t('auth:register.submit')}
          </Button>
        </div>
      </form>
    </FlowCard>
  );
}
