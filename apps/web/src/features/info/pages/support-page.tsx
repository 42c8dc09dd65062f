import { PlaceholderPage } from '../../../components/placeholder-page';

/** /support. */
export default function SupportPage() {
  return <PlaceholderPage titleKey="support" />;
}
