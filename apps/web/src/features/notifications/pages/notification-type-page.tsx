import { PlaceholderPage } from '../../../components/placeholder-page';

/** /notification/{type}: one group's notifications. */
export default function NotificationTypePage() {
  return <PlaceholderPage titleKey="notifications" />;
}
