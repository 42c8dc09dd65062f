import type { ReactNode } from 'react';
import styles from './flow-card.module.css';

export { styles as flowStyles };

interface FlowCardProps {
  title: ReactNode;
  lead?: ReactNode;
  icon?: ReactNode;
  /** [current, total] for multi-step flows. */
  step?: [number, number];
  footer?: ReactNode;
  wide?: boolean;
  children: ReactNode;
  testId?: string;
}

/** The centred card of the sign-in screens and the account's step-by-step flows. */
export function FlowCard({ title, lead, icon, step, footer, wide, children, testId }: FlowCardProps) {
  return (
    <div className={styles.wrap}>
      <section className={[styles.card, wide && styles.wide].filter(Boolean).join(' ')} data-testid={testId}>
        {step && (
          <div className={styles.steps} aria-hidden="true">
            {Array.from({ length: step[1] }, (_, i) => (
              <span key={i} className={[styles.step, i < step[0] && styles.stepDone].filter(Boolean).join(' ')} />
            ))}
          </div>
        )}
        {icon && <div className={styles.icon}>{icon}</div>}
        <h1 className={styles.title}>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
        {footer && <div className={styles.footer}>{footer}</div>}
      </section>
    </div>
  );
}
