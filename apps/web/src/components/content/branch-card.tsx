import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TBranch } from '@portal/contract';
import { BranchAddress, BranchLinks, BranchStatus, Distance, Tariff } from './branch-info';
import styles from './branch-info.module.css';

interface BranchCardProps {
  branch: TBranch;
  /** Distance from the user, when they shared their location. */
  meters?: number | null;
  /** Marks the customer's own pickup branch. */
  mine?: boolean;
  headingLevel?: 2 | 3;
}

/** A branch in a list: name (to its page), address, distance, tariff, today's hours and open-now, phones, 2GIS and social links. */
export function BranchCard({ branch, meters, mine, headingLevel = 2 }: BranchCardProps) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card} data-testid="branch-card" aria-labelledby={`branch-${branch.id}-name`}>
      <div className={styles.cardTop}>
        <Heading className={styles.name} id={`branch-${branch.id}-name`}>
          <Link to={`/branches/${branch.id}`} state={{ title: branch.name }} className={styles.nameLink}>
            {branch.name}
          </Link>
        </Heading>
        <div className={styles.badges}>
          {mine && <span className={styles.mine}>{t('content:branch.mine')}</span>}
          {meters != null && <Distance meters={meters} />}
        </div>
      </div>
      <BranchAddress branch={branch} />
      <div className={styles.row}>
        <Tariff branch={branch} />
        <BranchStatus branch={branch} />
      </div>
      <BranchLinks branch={branch} />
    </article>
  );
}
