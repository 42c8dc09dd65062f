import { PlaceholderPage } from '../../../components/placeholder-page';

/** /manage: staff work (a lazy chunk; the router lets only staff and admins in). */
export default function ManagePage() {
  return <PlaceholderPage titleKey="manage" />;
}
