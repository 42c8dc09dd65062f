import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../hooks';
import { selectIsAuthenticated, selectUnreadCount } from '../../lib/session/auth-slice';
import { BOTTOM, UnreadBadge } from './nav';
import styles from './telegram-frame.module.css';
import { useTelegramBackButton, useTelegramMainButton } from '../../lib/telegram/buttons';
import { useTelegramTexts } from '../../features/telegram/model/use-telegram-texts';

/** Pages whose main action is their own (the QR itself; a payment page's "pay"): the frame's default yields. */
const OWN_MAIN_ACTION = ['/qr', '/auth', '/pay'];

/**
 * Inside Telegram, Telegram frames the page (ADR 078): its BackButton goes back in the app's own history (shown
 * when there is a page to go back to) and, signed in, its MainButton shows the QR code, the customer's main action
 * at the counter, on every page that has no main action of its own.
 */
export function TelegramFrame() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const texts = useTelegramTexts();
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  useTelegramBackButton(typeof index === 'number' && index > 0, () => navigate(-1));
  const own = OWN_MAIN_ACTION.some((p) => location.pathname === p || location.pathname.startsWith(`${p}/`));
  useTelegramMainButton(texts && signedIn && !own ? { text: t('telegram:show_qr'), onClick: () => navigate('/qr') } : null);
  return null;
}

/**
 * Inside Telegram the bottom bar gives way to Telegram's MainButton: the signed-in home page lists the app's other
 * places (orders, notifications with the unread count, profile) instead, each a page Telegram's BackButton leaves.
 */
export function TelegramHomeNav() {
  const { t } = useTranslation();
  const unread = useAppSelector(selectUnreadCount);
  return (
    <nav className={styles.nav} aria-label={t('common:nav.main')} data-testid="telegram-nav">
      {BOTTOM.filter((item) => item.to !== '/' && item.to !== '/qr').map(({ to, label, Icon, badge }) => (
        <Link key={to} to={to} className={styles.link}>
          <span className={styles.icon}>
            <Icon size={22} />
            {badge && <UnreadBadge count={unread} />}
          </span>
          {t(`common:${label}`)}
        </Link>
      ))}
    </nav>
  );
}
