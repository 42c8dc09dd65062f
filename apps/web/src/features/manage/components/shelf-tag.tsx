import { useTranslation } from 'react-i18next';
import type { TShelfRef } from '@portal/contract';
import styles from '../shelves.module.css';

/** A shelf's name as people read it ("A-03-2"), or "not shelved". */
export function ShelfTag({ shelf, testId }: { shelf: TShelfRef | null; testId?: string }) {
  const { t } = useTranslation();
  return shelf ? (
    <span className={styles.shelfTag} data-testid={testId} data-shelf={shelf.label} title={shelf.code}>
      {shelf.label}
    </span>
  ) : (
    <span className={`${styles.shelfTag} ${styles.shelfNone}`} data-testid={testId} data-shelf="">
      {t('manage:shelves.not_shelved')}
    </span>
  );
}
