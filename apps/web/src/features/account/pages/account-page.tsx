import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { GENDERS } from '@portal/contract';
import { useAppSelector } from '../../../app/hooks';
import { describeApiError, translateFieldMessage } from '../../../lib/api/errors';
import { applyFieldErrors } from '../../../lib/forms/api-errors';
import { selectUser } from '../../../lib/session/auth-slice';
import { notify } from '../../../lib/ui/toast';
import { BranchSelect } from '../../../components/branch-select';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/feedback';
import { SegmentedField, TextField } from '../../../components/ui/field';
import { readablePhone } from '../../../components/ui/phone-field';
import { useUpdateUserMutation } from '../api/account-api';
import { ACCOUNT_FIELDS, accountDefaults, ZAccountForm, type TAccountForm } from '../model/account-form';
import { todayIso } from '../../../lib/forms/dates';
import styles from '../components/profile.module.css';

/** /profile/account: your data ('Saved' when stored) and the way to change your phone number. */
export default function AccountPage() {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  const [updateUser] = useUpdateUserMutation();
  const { control, register, handleSubmit, setError, reset, formState } = useForm<TAccountForm>({
    resolver: zodResolver(ZAccountForm),
    defaultValues: accountDefaults(user),
  });

  // The user arrives after the first render on a cold start.
  useEffect(() => {
    if (user && !formState.isDirty) reset(accountDefaults(user));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id]);

  if (!user) return <PageSpinner />;

  const onSubmit = handleSubmit(async (values) => {
    const result = await updateUser({ ...values, branch_id: Number(values.branch_id) });
    if ('data' in result && result.data) {
      reset(accountDefaults(result.data));
      notify.success(t('common:saved'));
      return;
    }
    const info = describeApiError(result.error, t);
    const rest = applyFieldErrors(info, setError, ACCOUNT_FIELDS);
    if (!Object.keys(info.fields).length || rest.length) notify.error(info.message);
  });

  const err = (name: (typeof ACCOUNT_FIELDS)[number]) => translateFieldMessage(formState.errors[name]?.message, t);

  return (
    <div className={styles.page} data-testid="account-page">
      <PageHeader title={t('account:account.title')} lead={t('account:account.lead')} />
      <Card>
        <h2 className={styles.cardTitle}>{t('account:account.personal')}</h2>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <div className={styles.row}>
            <TextField label={t('auth:fields.first_name')} autoComplete="given-name" error={err('first_name')} {...register('first_name')} />
            <TextField label={t('auth:fields.last_name')} autoComplete="family-name" error={err('last_name')} {...register('last_name')} />
          </div>
          <Controller
          control={control}
          name="branch_id"
          render={({ field, fieldState }) => (
            <BranchSelect
              label={t('auth:fields.branch')}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={translateFieldMessage(fieldState.error?.message, t)}
            />
          )}
        />
          <div className={styles.row}>
            <Controller
              control={control}
              name="gender"
              render={({ field, fieldState }) => (
                <SegmentedField
                  label={t('auth:fields.gender')}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  options={GENDERS.map((g) => ({ value: g, label: t(`auth:gender.${g}`) }))}
                  error={translateFieldMessage(fieldState.error?.message, t)}
                />
              )}
            />
            <TextField label={t('auth:fields.date_of_birth')} type="date" min="1900-01-01" max={todayIso()} autoComplete="bday" error={err('date_of_birth')} {...register('date_of_birth')} />
          </div>
          <div className={styles.formActions}>
            <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
              {t('account:account.save')}
            </Button>
          </div>
        </form>
      </Card>
      <Card>
        <h2 className={styles.cardTitle}>{t('account:account.phone_title')}</h2>
        <div className={styles.phoneRow}>
          <span className={styles.phoneValue} data-testid="account-phone">
            {readablePhone(user.phone_number)}
          </span>
          <ButtonLink variant="secondary" to="/profile/account/update-code">
            {t('account:account.change_phone')}
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}
