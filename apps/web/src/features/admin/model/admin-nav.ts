import type { ComponentType } from 'react';
import { BookIcon } from '../../../components/content/content-icons';
import { BellIcon, ChatIcon, HomeIcon, SettingsIcon, ShieldIcon, UserIcon } from '../../../components/ui/icons';
import { DutyIcon, PinIcon, PrinterIcon, RouteIcon } from '../components/place-icons';

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
  { to: 'content', label: 'nav.content', Icon: BookIcon },
  { to: 'branches', label: 'nav.branches', Icon: PinIcon },
  { to: 'countries', label: 'nav.countries', Icon: RouteIcon },
  { to: 'printers', label: 'nav.printers', Icon: PrinterIcon },
  { to: 'delivery-zones', label: 'nav.zones', Icon: RouteIcon },
  { to: 'duties', label: 'nav.duties', Icon: DutyIcon },
  { to: 'supports', label: 'nav.supports', Icon: ChatIcon },
  { to: 'settings', label: 'nav.settings', Icon: SettingsIcon },
  { to: 'audit', label: 'nav.audit', Icon: ShieldIcon },
  { to: 'broadcasts', label: 'nav.broadcasts', Icon: BellIcon },
];
