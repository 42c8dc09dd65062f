import { PlaceholderPage } from '../../../components/placeholder-page';

/** /orders/order: one order. */
export default function OrderInfoPage() {
  return <PlaceholderPage titleKey="order" />;
}
