import { PlaceholderPage } from '../../../components/placeholder-page';

/** /branches: the branches, as a list or on a map. */
export default function BranchesPage() {
  return <PlaceholderPage titleKey="branches" />;
}
