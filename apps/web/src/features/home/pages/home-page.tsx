import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../lib/session/auth-slice';
import { ChinaAddressCard } from '../components/china-address-card';
import { CustomsBanner } from '../components/customs-banner';
import { HomeBranches } from '../components/home-branches';
import { HomeLessons } from '../components/home-lessons';
import { MarketplacesBlock } from '../components/marketplaces-block';
import { NewsBlock } from '../components/news-block';
import { ProhibitedBlock } from '../components/prohibited-block';
import { QrShortcut } from '../components/qr-shortcut';
import styles from '../components/home.module.css';
import { WaitingSummary } from '../../../components/waiting-summary';
import { WhenNear } from '../../../lib/ui/when-near';

/** /: track an order, the QR shortcut, the China address, branches, free lessons, marketplaces, prohibited items and news. */
export default function HomePage({ trackBox }: { trackBox?: ReactNode }) {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  const [search] = useSearchParams();
  return (
    <div className={styles.page} data-testid="home-page">
      <header className={styles.hero}>
        <h1 className={styles.heroTitle}>{user?.first_name ? t('home:hello_name', { name: user.first_name }) : t('home:hello')}</h1>
        {user && (
          <p className={styles.heroText}>
            {t('home:client_code')} <strong className={styles.code}>{user.client_code}</strong>
          </p>
        )}
      </header>
      {user && <CustomsBanner user={user} />}
      <div className={styles.top}>
        <div className={styles.topColumn}>
          {user && <WaitingSummary />}
          {trackBox}
          <QrShortcut />
        </div>
        {user && <ChinaAddressCard user={user} />}
      </div>
      <HomeBranches branchId={user?.branch_id ?? null} />
      {/* Far below a phone's first screen: built, asked for and drawn as the customer scrolls near them. */}
      <WhenNear name="lessons" height={360}>
        <HomeLessons />
      </WhenNear>
      <WhenNear name="marketplaces" height={240}>
        <MarketplacesBlock />
      </WhenNear>
      <WhenNear name="prohibited" height={320}>
        <ProhibitedBlock />
      </WhenNear>
      <WhenNear name="news" height={480} now={search.has('news')}>
        <NewsBlock />
      </WhenNear>
    </div>
  );
}
