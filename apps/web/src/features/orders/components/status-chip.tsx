import type { TOrderStatusRef } from '@portal/contract';
import styles from './orders.module.css';

/** An order's status, coloured by where the parcel is. */
export function StatusChip({ status }: { status: TOrderStatusRef }) {
  return (
    <span className={styles.chip} data-status={status.code} data-testid="status-chip">
      {status.name}
    </span>
  );
}
