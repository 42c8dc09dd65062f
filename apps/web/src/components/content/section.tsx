import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRightIcon } from './content-icons';
import styles from './section.module.css';

interface SectionProps {
  id: string;
  title: ReactNode;
  /** A "see all" link beside the title. */
  more?: { to: string; label: string };
  children: ReactNode;
  className?: string;
}

/** A titled block of a page (the home page's branches, lessons, marketplaces …). */
export function Section({ id, title, more, children, className }: SectionProps) {
  return (
    <section
      className={[styles.section, className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
      data-testid={`section-${id}`}
    >
      <div className={styles.head}>
        <h2 className={styles.title} id={`${id}-title`}>
          {title}
        </h2>
        {more && (
          <Link className={styles.more} to={more.to}>
            {more.label}
            <ArrowRightIcon size={16} />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
