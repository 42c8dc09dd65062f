import { useTranslation } from 'react-i18next';
import type { TAdminBranch } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { useSetAdminBranchOpenMutation } from '../api/admin-branches-api';
import { errorText } from '../model/api-error';
import adminStyles from '../admin.module.css';
import styles from './places.module.css';

/** The branch page's last section: close the branch (what it still holds is named), or open it again. */
export function BranchOpenOrClose({ branch }: { branch: TAdminBranch }) {
  const { t } = useTranslation();
  const [setOpen, state] = useSetAdminBranchOpenMutation();
  return (
    <div className={styles.danger} data-testid="branch-state">
      <h2 className={styles.sectionTitle}>{branch.is_active ? t('admin:branches.close_title') : t('admin:branches.closed_title')}</h2>
      <p className={styles.hint}>
        {branch.is_active
          ? t('admin:branches.close_hint', { parcels: branch.open_parcels, customers: branch.customers })
          : t('admin:branches.closed_hint')}
      </p>
      {state.isError && <Alert>{errorText(state.error, t)}</Alert>}
      <div className={adminStyles.row}>
        <Button
          variant={branch.is_active ? 'danger' : 'secondary'}
          loading={state.isLoading}
          onClick={() => void setOpen({ id: branch.id, version: branch.version, open: !branch.is_active })}
          data-testid="branch-toggle"
        >
          {branch.is_active ? t('admin:branches.close') : t('admin:branches.reopen')}
        </Button>
      </div>
    </div>
  );
}
