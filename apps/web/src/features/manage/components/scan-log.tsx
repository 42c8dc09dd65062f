import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TScanOutcome } from '@portal/contract';
import styles from '../manage.module.css';

export interface ScanEntry {
  key: string;
  code: string;
  kind: 'ok' | 'warn' | 'error';
  title: string;
  text: string;
  outcome?: TScanOutcome | 'error';
  action?: ReactNode;
}

/** The latest scans, newest first, each with how it went (read out to screen readers as it arrives). */
export function ScanLog({ entries, testId }: { entries: ScanEntry[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.logBox} aria-label={t('manage:scan.log')}>
      {entries.length === 0 ? (
        <p className={styles.muted}>{t('manage:scan.empty')}</p>
      ) : (
        <ol className={styles.log} aria-live="polite" data-testid={testId}>
          {entries.map((e) => (
            <li key={e.key} className={`${styles.logItem} ${styles[`log_${e.kind}`]}`} data-outcome={e.outcome} data-code={e.code}>
              <div>
                <div className={styles.logTitle}>
                  <span className={styles.code}>{e.code}</span> · {e.title}
                </div>
                <div className={styles.logText}>{e.text}</div>
              </div>
              {e.action}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
