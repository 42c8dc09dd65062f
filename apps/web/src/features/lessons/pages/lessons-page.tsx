import { PlaceholderPage } from '../../../components/placeholder-page';

/** /free-lessons: the free lessons. */
export default function LessonsPage() {
  return <PlaceholderPage titleKey="free_lessons" />;
}
