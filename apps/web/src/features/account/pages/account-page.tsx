import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAppSelector } from '../../../app/hooks';
import { describeApiError } from '../../../lib/api/errors';
import { applyFieldErrors } from '../../../lib/forms/api-errors';
import { selectUser } from '../../../lib/session/auth-slice';
import { notify } from '../../../lib/ui/toast';
import { PersonalDataFields } from '../../../components/flow/personal-data-fields';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/feedback';
import { readablePhone } from '../../../components/ui/phone-field';
import { useUpdateUserMutation } from '../api/account-api';
import { CustomsIdCard } from '../components/customs-id-card';
import { DeleteAccountSheet } from '../components/delete-account-sheet';
import { ACCOUNT_FIELDS, accountDefaults, ZAccountForm, type TAccountForm } from '../model/account-form';
import { useSubmitOnce } from '../../../lib/forms/use-submit-once';
import { useLeaveGuard } from '../../../lib/forms/use-leave-guard';
import styles from '../components/profile.module.css';

/** /profile/account: your data ('Saved' when stored) and the way to change your phone number. */
export default function AccountPage() {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  const [updateUser] = useUpdateUserMutation();
  const [deleting, setDeleting] = useState(false);
  const { control, register, handleSubmit, setError, reset, formState } = useForm<TAccountForm>({
    resolver: zodResolver(ZAccountForm),
    defaultValues: accountDefaults(user),
  });

  // The user arrives after the first render on a cold start.
  useEffect(() => {
    if (user && !formState.isDirty) reset(accountDefaults(user));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refill only when a (different) user arrives, never over the person's edits
  }, [user?.id]);

  const onSubmit = useSubmitOnce(
    handleSubmit(async (values) => {
      const result = await updateUser({ ...values, branch_id: Number(values.branch_id) });
      if ('data' in result && result.data) {
        reset(accountDefaults(result.data));
        notify.success(t('common:saved'));
        return;
      }
      const info = describeApiError(result.error, t);
      const rest = applyFieldErrors(info, setError, ACCOUNT_FIELDS);
      if (!Object.keys(info.fields).length || rest.length) notify.error(info.message);
    }),
  );

  // Unsaved edits are not lost to a stray tap: leaving the page asks first (and closing the tab too).
  useLeaveGuard(formState.isDirty && !formState.isSubmitting, t('account:account.leave_unsaved'));

  if (!user) return <PageSpinner />;

  return (
    <div className={styles.page} data-testid="account-page">
      <PageHeader title={t('account:account.title')} lead={t('account:account.lead')} />
      <Card>
        <h2 className={styles.cardTitle}>{t('account:account.personal')}</h2>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <PersonalDataFields control={control} register={register} errors={formState.errors} />
          <div className={styles.formActions}>
            <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
              {t('account:account.save')}
            </Button>
          </div>
        </form>
      </Card>
      {user.role === 'customer' && <CustomsIdCard user={user} />}
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
      {user.role === 'customer' && (
        <Card>
          <div className={styles.dangerCard}>
            <h2 className={styles.cardTitle}>{t('account:delete.title')}</h2>
            <p className={styles.deleteLead}>{t('account:delete.lead')}</p>
            <Button variant="danger" onClick={() => setDeleting(true)} data-testid="delete-account-open">
              {t('account:delete.open')}
            </Button>
          </div>
          <DeleteAccountSheet open={deleting} onClose={() => setDeleting(false)} />
        </Card>
      )}
    </div>
  );
}
