import { ShelvePanel } from './shelve-panel';

/** Shelves (ADR 083): shelve what waits without a shelf, or move a parcel — scan it, then the shelf it goes on. */
export function ShelvesWork({ branchId }: { branchId: number | undefined }) {
  return <ShelvePanel branchId={branchId} />;
}
