import type { TNotificationType } from '@portal/contract';
import { BellIcon, BoxIcon, SettingsIcon } from '../../../components/ui/icons';

/** The icon of a notification group. */
export function GroupIcon({ type, size = 22 }: { type: string; size?: number }) {
  const known = type as TNotificationType;
  if (known === 'orders') return <BoxIcon size={size} />;
  if (known === 'system') return <SettingsIcon size={size} />;
  return <BellIcon size={size} />;
}
