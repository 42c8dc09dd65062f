import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from './hooks';
import { selectIsAuthenticated, selectIsStaff } from '../lib/session/auth-slice';
import { ButtonLink } from '../components/ui/button';
import { EmptyState } from '../components/ui/feedback';
import { LockIcon } from '../components/ui/icons';

/** The protected area: signed-out visitors go to /auth, replacing history. */
export function RequireAuth() {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const location = useLocation();
  if (!signedIn) return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** The auth-only area: signed-in users go to /. */
export function GuestOnly() {
  const signedIn = useAppSelector(selectIsAuthenticated);
  if (signedIn) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Staff and admin pages: everyone else sees that they have no access. */
export function RequireStaff({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const staff = useAppSelector(selectIsStaff);
  if (!staff) {
    return (
      <EmptyState
        level={1}
        icon={<LockIcon size={30} />}
        title={t('common:no_access.title')}
        text={t('common:no_access.text')}
        actions={<ButtonLink to="/">{t('common:go_home_short')}</ButtonLink>}
      />
    );
  }
  return children ?? <Outlet />;
}
