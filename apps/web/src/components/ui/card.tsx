import type { HTMLAttributes, ReactNode } from 'react';
import styles from './card.module.css';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={[styles.card, className].filter(Boolean).join(' ')} {...rest} />;
}

/** A page's heading and its optional lead paragraph. */
export function PageHeader({ title, lead }: { title: ReactNode; lead?: ReactNode }) {
  return (
    <header>
      <h1 className={styles.pageTitle}>{title}</h1>
      {lead && <p className={styles.pageLead}>{lead}</p>}
    </header>
  );
}

export function Stack({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={[styles.stack, className].filter(Boolean).join(' ')} {...rest} />;
}
