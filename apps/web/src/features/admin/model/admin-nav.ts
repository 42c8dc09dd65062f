import type { ComponentType } from 'react';
import { HomeIcon, ShieldIcon, UserIcon } from '../../../components/ui/icons';

export interface AdminNavEntry {
  /** Address under /admin ('' for the overview). */
  to: string;
  /** Key in the `admin` namespace (features/admin/locales/<lang>/admin.json, nav.*). */
  label: string;
  Icon: ComponentType<{ size?: number }>;
}

/**
 * The admin area's navigation, in order. A feature that adds an admin page adds ONE entry here and
 * its route under `admin` in app/router.tsx (e.g. #13 broadcasts, #14 dashboard); nothing else.
 */
export const ADMIN_NAV: AdminNavEntry[] = [
  { to: '', label: 'nav.overview', Icon: HomeIcon },
  { to: 'users', label: 'nav.users', Icon: UserIcon },
  { to: 'audit', label: 'nav.audit', Icon: ShieldIcon },
];
