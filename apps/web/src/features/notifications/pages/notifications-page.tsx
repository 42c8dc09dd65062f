import { PlaceholderPage } from '../../../components/placeholder-page';

/** /notification: notification groups. */
export default function NotificationsPage() {
  return <PlaceholderPage titleKey="notifications" />;
}
