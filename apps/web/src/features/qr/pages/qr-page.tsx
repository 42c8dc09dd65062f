import { PlaceholderPage } from '../../../components/placeholder-page';

/** /qr: the customer's QR code. */
export default function QrPage() {
  return <PlaceholderPage titleKey="qr" />;
}
