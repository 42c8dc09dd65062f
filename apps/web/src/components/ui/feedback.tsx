import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { AlertIcon, SearchOffIcon } from './icons';
import styles from './feedback.module.css';

export function Spinner({ size = 28, label }: { size?: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={styles.spinner}
      style={{ '--size': `${size}px` } as CSSProperties}
      role="status"
      aria-label={label ?? t('common:loading')}
    />
  );
}

export function PageSpinner() {
  return (
    <div className={styles.center}>
      <Spinner size={36} />
    </div>
  );
}

export function Skeleton({
  width = '100%',
  height = 16,
  radius,
  className,
}: {
  width?: number | string;
  height?: number | string;
  radius?: number;
  className?: string;
}) {
  return (
    <span
      className={[styles.skeleton, className].filter(Boolean).join(' ')}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}

interface StateProps {
  title: ReactNode;
  /** 1 when the state is the whole page. */
  level?: 1 | 2;
  text?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
}

export function EmptyState({ title, text, icon, actions, level = 2 }: StateProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={styles.state}>
      <span className={styles.stateIcon}>{icon ?? <SearchOffIcon size={30} />}</span>
      <Heading className={styles.stateTitle}>{title}</Heading>
      {text && <p className={styles.stateText}>{text}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}

export function ErrorState({ title, text, onRetry, actions, level = 2 }: Omit<StateProps, 'icon'> & { onRetry?: () => void }) {
  const { t } = useTranslation();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={styles.state} role="alert">
      <span className={`${styles.stateIcon} ${styles.errorIcon}`}>
        <AlertIcon size={30} />
      </span>
      <Heading className={styles.stateTitle}>{title}</Heading>
      {text && <p className={styles.stateText}>{text}</p>}
      {(onRetry || actions) && (
        <div className={styles.actions}>
          {onRetry && (
            <Button variant="secondary" onClick={onRetry}>
              {t('common:retry')}
            </Button>
          )}
          {actions}
        </div>
      )}
    </div>
  );
}

/** An inline message: errors from the API, notes, confirmations. */
export function Alert({ kind = 'error', children }: { kind?: 'error' | 'info' | 'success'; children: ReactNode }) {
  const cls = kind === 'error' ? styles.alertError : kind === 'success' ? styles.alertSuccess : styles.alertInfo;
  return (
    <div className={`${styles.alert} ${cls}`} role={kind === 'error' ? 'alert' : 'status'}>
      <AlertIcon size={18} />
      <div>{children}</div>
    </div>
  );
}
