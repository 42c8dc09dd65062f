import { PlaceholderPage } from '../../../components/placeholder-page';

/** /orders: the customer's orders. */
export default function OrdersPage() {
  return <PlaceholderPage titleKey="orders" />;
}
