import { PlaceholderPage } from '../../../components/placeholder-page';

/** /contacts. */
export default function ContactsPage() {
  return <PlaceholderPage titleKey="contacts" />;
}
