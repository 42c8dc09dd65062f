import { PlaceholderPage } from '../../../components/placeholder-page';

/** /prohibited-items. */
export default function ProhibitedItemsPage() {
  return <PlaceholderPage titleKey="prohibited_items" />;
}
