import { useTranslation } from 'react-i18next';
import type { TPageMeta } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import styles from '../admin.module.css';

/** Previous / next for a paged admin list, with "page N of M". */
export function Pager({ meta, onPage }: { meta: TPageMeta; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.pager}>
      <span className={styles.muted}>{t('admin:list.page', { page: meta.current_page, pages: meta.last_page, total: meta.total })}</span>
      <Button variant="secondary" size="sm" disabled={meta.current_page <= 1} onClick={() => onPage(meta.current_page - 1)}>
        {t('admin:list.previous')}
      </Button>
      <Button variant="secondary" size="sm" disabled={meta.current_page >= meta.last_page} onClick={() => onPage(meta.current_page + 1)}>
        {t('admin:list.next')}
      </Button>
    </div>
  );
}
