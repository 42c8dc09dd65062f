import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, type Params } from 'react-router-dom';
import { matchRoutesKept } from '../route-match';
import { RoutesContext } from '../routes-context';
import { ChevronRightIcon } from '../../components/ui/icons';
import styles from './layout.module.css';

/** One breadcrumb label: a key of the `breadcrumbs` namespace with optional values ("Step {{step}}"). */
export interface CrumbLabel {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * What a route puts in the trail (`handle.crumb`): a key, or a function of the route parameters and
 * the search parameters giving one or more labels (a lesson adds its step label).
 */
export interface RouteHandle {
  crumb?: string | ((params: Params, search: URLSearchParams) => CrumbLabel | CrumbLabel[] | null);
  /** Hides the trail (the root and the auth pages). */
  noCrumbs?: boolean;
}

interface Crumb {
  to: string;
  label: CrumbLabel;
}

function isHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

export function stateTitle(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'title' in state) {
    const title = (state as { title: unknown }).title;
    if (typeof title === 'string' && title.trim()) return title.trim();
  }
  return null;
}

/**
 * The trail on every page but the root and the auth pages. Labels are translated; a label with no
 * translation reads '404'; the last one may be a title passed in navigation state.
 */
export function Breadcrumbs() {
  const { t, i18n } = useTranslation();
  const routes = useContext(RoutesContext);
  const location = useLocation();
  const matches = (matchRoutesKept(routes, location.pathname) ?? []).map((m) => ({
    handle: m.route.handle as unknown,
    pathname: m.pathname,
    params: m.params,
  }));
  if (location.pathname === '/' || matches.some((m) => isHandle(m.handle) && m.handle.noCrumbs)) return null;

  const search = new URLSearchParams(location.search);
  const crumbs: Crumb[] = [{ to: '/', label: { key: 'home' } }];
  for (const match of matches) {
    if (!isHandle(match.handle) || !match.handle.crumb) continue;
    const { crumb } = match.handle;
    const labels = typeof crumb === 'string' ? [{ key: crumb }] : crumb(match.params, search);
    if (!labels) continue;
    for (const label of Array.isArray(labels) ? labels : [labels]) crumbs.push({ to: match.pathname, label });
  }
  if (crumbs.length === 1) crumbs.push({ to: location.pathname, label: { key: 'not_found' } });

  const title = stateTitle(location.state);
  const text = (label: CrumbLabel) => (i18n.exists(`breadcrumbs:${label.key}`) ? t(`breadcrumbs:${label.key}`, label.values) : '404');

  return (
    <nav className={styles.crumbs} aria-label={t('common:breadcrumbs')} data-testid="breadcrumbs">
      <ol className={styles.crumbList}>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${crumb.to}-${crumb.label.key}-${index}`}>
              {last ? (
                <span className={styles.crumbCurrent} aria-current="page">
                  {(title ?? text(crumb.label)) || '404'}
                </span>
              ) : (
                <>
                  <Link to={crumb.to}>{text(crumb.label)}</Link>
                  <ChevronRightIcon size={14} />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
