import { useTranslation } from 'react-i18next';
import type { TAdminBranch } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { useBranchForm } from '../model/use-branch-form';
import { InsuranceSection, PricesSection } from './branch-money-sections';
import { AboutSection, ContactsSection, HoursSection, LocationSection } from './branch-place-sections';
import adminStyles from '../admin.module.css';

/**
 * The form of a new branch or of one version of a branch. Whether "saved" shows is kept by the page (onSaved): a save
 * refetches the branch with its new version, which remounts this form, and the confirmation must stay.
 */
export function BranchForm({
  branch,
  saved = false,
  onSaved,
}: {
  branch?: TAdminBranch;
  saved?: boolean;
  onSaved?: (version: number | null) => void;
}) {
  const { t } = useTranslation();
  const { fields, countries, countryCode, pickPoint, failure, saving, submit } = useBranchForm(branch, onSaved);
  return (
    <form className={adminStyles.form} onSubmit={submit} noValidate data-testid="branch-form">
      <AboutSection {...fields} countries={countries} />
      <LocationSection {...fields} onPick={pickPoint} />
      <PricesSection {...fields} countryCode={countryCode} />
      <InsuranceSection {...fields} />
      <HoursSection {...fields} />
      <ContactsSection {...fields} />

      {failure && <Alert>{failure.code === 'validation_failed' ? t('admin:branches.check_fields') : failure.message}</Alert>}
      {saved && <Alert kind="success">{t('admin:users.saved')}</Alert>}
      <div className={adminStyles.row}>
        <Button type="submit" loading={saving} data-testid="branch-save">
          {branch ? t('admin:save') : t('admin:branches.create')}
        </Button>
      </div>
    </form>
  );
}
