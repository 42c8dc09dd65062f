import { PlaceholderPage } from '../../../components/placeholder-page';

/** /: the home page (filled in by the home and content work). */
export default function HomePage() {
  return <PlaceholderPage titleKey="home" />;
}
