import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { selectIsAdmin, selectIsStaff, selectUser } from '../../../lib/session/auth-slice';
import { useLogout } from '../../../lib/session/use-logout';
import { notify } from '../../../lib/ui/toast';
import { BranchName } from '../../../components/branch-select';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/feedback';
import {
  BanIcon,
  BriefcaseIcon,
  ChatIcon,
  ChevronRightIcon,
  CopyIcon,
  HelpIcon,
  LogoutIcon,
  PhoneIcon,
  ShieldIcon,
  UserIcon,
} from '../../../components/ui/icons';
import { readablePhone } from '../../../components/ui/phone-field';
import { BalanceCard } from '../components/balance-card';
import { initials } from '../model/account-form';
import styles from '../components/profile.module.css';

interface Entry {
  to: string;
  label: string;
  hint?: string;
  Icon: ComponentType<{ size?: number }>;
  testId: string;
}

/** /profile: who you are (with your client code), and the way to your account, information pages and staff tools. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  const staff = useAppSelector(selectIsStaff);
  const admin = useAppSelector(selectIsAdmin);
  const [logout, { isLoading: loggingOut }] = useLogout();
  if (!user) return <PageSpinner />;

  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(user.client_code);
      notify.success(t('common:copied'));
    } catch {
      notify.error(t('account:profile.copy_failed'));
    }
  };

  const entries: Entry[] = [
    {
      to: '/profile/account',
      label: t('account:profile.account'),
      hint: t('account:profile.account_hint'),
      Icon: UserIcon,
      testId: 'entry-account',
    },
    {
      to: '/profile/notifications',
      label: t('account:profile.notifications'),
      hint: t('account:profile.notifications_hint'),
      Icon: ChatIcon,
      testId: 'entry-notifications',
    },
    { to: '/prohibited-items', label: t('account:profile.prohibited'), Icon: BanIcon, testId: 'entry-prohibited' },
    { to: '/faq', label: t('account:profile.faq'), Icon: HelpIcon, testId: 'entry-faq' },
    { to: '/support', label: t('account:profile.support'), Icon: ChatIcon, testId: 'entry-support' },
    { to: '/contacts', label: t('account:profile.contacts'), Icon: PhoneIcon, testId: 'entry-contacts' },
  ];
  const staffEntries: Entry[] = [
    ...(staff
      ? [
          {
            to: '/manage',
            label: t('account:profile.manage'),
            hint: t('account:profile.manage_hint'),
            Icon: BriefcaseIcon,
            testId: 'entry-manage',
          },
        ]
      : []),
    ...(admin
      ? [
          {
            to: '/admin',
            label: t('account:profile.admin'),
            hint: t('account:profile.admin_hint'),
            Icon: ShieldIcon,
            testId: 'entry-admin',
          },
        ]
      : []),
  ];

  return (
    <div className={styles.page} data-testid="profile-page">
      <h1 className="visually-hidden">{t('account:profile.title')}</h1>
      <section className={styles.userCard} aria-label={t('account:profile.title')}>
        <span className={styles.avatar} aria-hidden="true">
          {initials(user)}
        </span>
        <div>
          <h2 className={styles.name}>
            {user.first_name} {user.last_name}
          </h2>
          <div className={styles.meta}>
            <span>{readablePhone(user.phone_number)}</span>
            {user.branch_id && (
              <span>
                <BranchName branchId={user.branch_id} />
              </span>
            )}
            {user.role !== 'customer' && <span className={styles.role}>{t(`account:roles.${user.role}`)}</span>}
          </div>
        </div>
        <div className={styles.codeRow}>
          <div>
            <div className={styles.codeLabel}>{t('account:profile.client_code')}</div>
            <div className={styles.code} data-testid="client-code">
              {user.client_code}
            </div>
          </div>
          <Button variant="secondary" size="sm" onClick={() => void copyCode()}>
            <CopyIcon size={16} />
            {t('common:copy')}
          </Button>
        </div>
      </section>

      {user.role === 'customer' && <BalanceCard />}
      <EntryList title={t('account:profile.section_account')} entries={entries} />
      {staffEntries.length > 0 && <EntryList title={t('account:profile.section_staff')} entries={staffEntries} />}

      <div>
        <Button variant="danger" onClick={() => void logout()} loading={loggingOut} data-testid="profile-logout">
          <LogoutIcon size={18} />
          {t('common:settings.logout')}
        </Button>
      </div>
    </div>
  );
}

function EntryList({ title, entries }: { title: string; entries: Entry[] }) {
  return (
    <section>
      <h2 className={styles.sectionTitle}>{title}</h2>
      <ul className={styles.list}>
        {entries.map(({ to, label, hint, Icon, testId }) => (
          <li key={testId}>
            <Link to={to} className={styles.entry} data-testid={testId}>
              <span className={styles.entryIcon}>
                <Icon size={20} />
              </span>
              <span className={styles.entryText}>
                {label}
                {hint && <span className={styles.entryHint}>{hint}</span>}
              </span>
              <ChevronRightIcon size={18} className={styles.entryChevron} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
