import { PlaceholderPage } from '../../../components/placeholder-page';

/** /orders/status: an order's status timeline. */
export default function OrderStatusPage() {
  return <PlaceholderPage titleKey="status" />;
}
