import { PlaceholderPage } from '../../../components/placeholder-page';

/** /free-lessons/{id}: one lesson. */
export default function LessonPage() {
  return <PlaceholderPage titleKey="lesson" />;
}
