import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/feedback';
import { LockIcon } from '../../components/ui/icons';

/** "No access" for a signed-in user who opens a staff or admin address (its own small chunk, loaded only then). */
export default function NoAccessPage({ area }: { area: 'staff' | 'admin' }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      level={1}
      icon={<LockIcon size={30} />}
      title={t('common:no_access.title')}
      text={area === 'admin' ? t('common:no_access.admin_text') : t('common:no_access.text')}
      actions={<ButtonLink to="/">{t('common:go_home_short')}</ButtonLink>}
    />
  );
}
