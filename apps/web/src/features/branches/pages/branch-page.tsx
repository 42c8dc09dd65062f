import { PlaceholderPage } from '../../../components/placeholder-page';

/** /branches/{id}: one branch. */
export default function BranchPage() {
  return <PlaceholderPage titleKey="branch" />;
}
