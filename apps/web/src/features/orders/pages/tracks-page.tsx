import { PlaceholderPage } from '../../../components/placeholder-page';

/** /orders/tracks: saved tracking codes. */
export default function TracksPage() {
  return <PlaceholderPage titleKey="tracks" />;
}
