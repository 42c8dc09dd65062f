import { PlaceholderPage } from '../../../components/placeholder-page';

/** /faq. */
export default function FaqPage() {
  return <PlaceholderPage titleKey="faq" />;
}
