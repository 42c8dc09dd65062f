import { lazy, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from './hooks';
import { loadRestTexts, restTextsLoaded } from '../lib/i18n/i18n';
import { selectIsAdmin, selectIsAuthenticated, selectIsStaff, selectSessionUnavailable, selectUser } from '../lib/session/auth-slice';
import { NEXT_PARAM, safeNextPath, signInPath } from '../lib/session/next-path';
import { ProgressBar } from './layout/loading-screen';
import { ServiceUnavailable } from './layout/service-unavailable';
import { afterLoad } from '../lib/ui/after-load';

/**
 * The protected area: signed-out visitors go to /auth, replacing history. Signed in, the texts of
 * the signed-in pages (the `rest` chunk of the language) are loaded before the page shows.
 */
export function RequireAuth() {
  const { i18n } = useTranslation();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const unavailable = useAppSelector(selectSessionUnavailable);
  const location = useLocation();
  const [, setLoaded] = useState(0);
  const textsReady = restTextsLoaded(i18n.language);
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectUser)?.id;
  // The QR code kept for offline use is renewed silently while the customer uses the portal (it expires otherwise),
  // once the page has loaded and gone idle: the first screen does not wait behind it.
  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    void afterLoad()
      .then(() => (live ? import('../features/qr/model/qr-refresh') : null))
      .then((m) => {
        if (m && live && m.keptQrIsStale(userId)) void m.refreshKeptQr(dispatch, userId);
      });
    return () => {
      live = false;
    };
  }, [userId, dispatch]);
  useEffect(() => {
    if (!signedIn || textsReady) return;
    let live = true;
    void loadRestTexts().then(() => live && setLoaded((n) => n + 1));
    return () => {
      live = false;
    };
  }, [signedIn, textsReady, i18n.language]);
  // The page asked for (path, query and hash) travels in /auth's address, so it survives a reload there.
  // Keyed by the location: a later visit to the same guarded address (logout's return to /, say) must
  // navigate again, and a Navigate whose props did not change would not.
  // A kept session the service could not check (it is away): say so and keep trying, never the sign-in form.
  if (unavailable) return <ServiceUnavailable />;
  if (!signedIn)
    return <Navigate key={location.key} to={signInPath(safeNextPath(`${location.pathname}${location.search}${location.hash}`))} replace />;
  if (!textsReady) return <ProgressBar />;
  return <Outlet />;
}

/** The auth-only area: signed-in users go to the page they asked for (a same-site `next`), else /. */
export function GuestOnly() {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const [params] = useSearchParams();
  if (signedIn) return <Navigate to={safeNextPath(params.get(NEXT_PARAM)) ?? '/'} replace />;
  return <Outlet />;
}

const NoAccessPage = lazy(() => import('./pages/no-access-page'));

/** Staff and admin pages: everyone else sees that they have no access. */
export function RequireStaff({ children }: { children?: ReactNode }) {
  const staff = useAppSelector(selectIsStaff);
  if (!staff) return <NoAccessPage area="staff" />;
  return children ?? <Outlet />;
}

/** The admin area (/admin/*): customers and staff see that they have no access, and never load its chunk. */
export function RequireAdmin() {
  const admin = useAppSelector(selectIsAdmin);
  if (!admin) {
    return (
      <div data-testid="admin-no-access">
        <NoAccessPage area="admin" />
      </div>
    );
  }
  return <Outlet />;
}
