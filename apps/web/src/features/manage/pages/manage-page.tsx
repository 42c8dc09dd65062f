import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { TManageWork } from '@portal/contract';
import { PageHeader } from '../../../components/ui/card';
import { ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { SelectField } from '../../../components/ui/field';
import { useManageContextQuery } from '../api/manage-api';
import {
  ArrivalIcon,
  BagIcon,
  CashIcon,
  ChartIcon,
  CountIcon,
  HandoverIcon,
  InboxIcon,
  MissingIcon,
  QuestionBoxIcon,
  ScalesIcon,
  SearchIcon,
  SheetIcon,
  ShelfIcon,
  TruckIcon,
} from '../components/manage-icons';
import { errorText } from '../model/api-error';
import { useManageTexts } from '../model/use-manage-texts';
import { ArrivalWork } from '../works/arrival-work';
import { BagArrivalWork } from '../works/bag-arrival-work';
import { BagsWork } from '../works/bags-work';
import { ClaimsWork } from '../works/claims-work';
import { CloseDayWork } from '../works/close-day-work';
import { DispatchWork } from '../works/dispatch-work';
import { DisputesWork } from '../works/disputes-work';
import { DoorDeliveryWork } from '../works/door-delivery-work';
import { FindWork } from '../works/find-work';
import { HandoverWork } from '../works/handover-work';
import { ImportWork } from '../works/import-work';
import { MissingWork } from '../works/missing-work';
import { PaymentDifferencesWork } from '../works/payment-differences-work';
import { PickupSlotsWork } from '../works/pickup-slots-work';
import { ReceiveWork } from '../works/receive-work';
import { ShelvesWork } from '../works/shelves-work';
import { StockTakeWork } from '../works/stock-take-work';
import { UnclaimedWork } from '../works/unclaimed-work';
import styles from '../manage.module.css';

// The dashboard and its charting library load only when the reports work is opened.
const ReportsWork = lazy(() => import('../works/reports-work'));

const ICONS: Record<TManageWork, ComponentType<{ size?: number }>> = {
  receive: InboxIcon,
  import: SheetIcon,
  unclaimed: QuestionBoxIcon,
  disputes: ScalesIcon,
  dispatch: TruckIcon,
  bags: BagIcon,
  arrival: ArrivalIcon,
  bag_arrival: BagIcon,
  handover: HandoverIcon,
  pickup_slots: ShelfIcon,
  shelves: ShelfIcon,
  stock_take: CountIcon,
  missing: MissingIcon,
  close_day: CashIcon,
  payment_differences: ScalesIcon,
  claims: QuestionBoxIcon,
  door_delivery: TruckIcon,
  reports: ChartIcon,
  find: SearchIcon,
};

/** The works done at one branch: an admin picks which. */
const BRANCH_WORKS: TManageWork[] = [
  'arrival',
  'bag_arrival',
  'handover',
  'pickup_slots',
  'shelves',
  'stock_take',
  'missing',
  'close_day',
  'payment_differences',
  'claims',
  'door_delivery',
];

/** /manage: the staff works the caller's place allows (warehouse, branch, or everything for admins), one at a time. */
export default function ManagePage() {
  const { t } = useTranslation();
  const textsReady = useManageTexts();
  const context = useManageContextQuery();
  const [params, setParams] = useSearchParams();
  const ctx = context.data;
  const tabs = useRef<HTMLDivElement>(null);
  const askedWork = params.get('work');
  // On phones the tabs scroll sideways: keep the open one in sight.
  useEffect(() => {
    tabs.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [askedWork, ctx]);
  // The admin's branch for branch works, kept in the address (?branch=) so a reload or a shared link keeps it.
  const askedBranch = Number(params.get('branch'));
  const adminBranch = ctx?.branches.some((b) => b.id === askedBranch) ? askedBranch : ctx?.branches[0]?.id;

  if (!textsReady || context.isLoading) return <PageSpinner />;
  if (!ctx)
    return <ErrorState level={1} title={t('errors:unknown')} text={errorText(context.error, t)} onRetry={() => void context.refetch()} />;

  const asked = params.get('work') as TManageWork | null;
  const work: TManageWork = asked && ctx.works.includes(asked) ? asked : (ctx.works[0] ?? 'find');
  const admin = ctx.role === 'admin';
  const branch = admin ? (ctx.branches.find((b) => b.id === adminBranch) ?? null) : ctx.place_branch;
  const branchWork = BRANCH_WORKS.includes(work);
  const place = admin
    ? t('manage:place.admin')
    : ctx.place?.kind === 'china_warehouse'
      ? t('manage:place.china_warehouse')
      : ctx.place_branch
        ? t('manage:place.branch', { branch: ctx.place_branch.name })
        : t('manage:place.none');

  const setParam = (key: 'work' | 'branch', value: string) =>
    setParams(
      (p) => {
        p.set(key, value);
        return p;
      },
      { replace: true },
    );
  const choose = (w: TManageWork) => setParam('work', w);

  return (
    <section className={styles.page} data-testid="manage-page" data-work={work}>
      <PageHeader title={t('manage:title')} lead={place} />
      <div ref={tabs} className={styles.tabs} role="tablist" aria-label={t('manage:works_label')}>
        {ctx.works.map((w) => {
          const Icon = ICONS[w];
          return (
            <button
              key={w}
              type="button"
              role="tab"
              aria-selected={w === work}
              className={[styles.tab, w === work && styles.tabOn].filter(Boolean).join(' ')}
              onClick={() => choose(w)}
              data-testid={`work-${w}`}
            >
              <Icon size={20} />
              <span>{t(`manage:work.${w}`)}</span>
            </button>
          );
        })}
      </div>
      {admin && branchWork && (
        <div className={styles.branchPicker}>
          <SelectField
            label={t('manage:branch_picker')}
            value={adminBranch ?? ''}
            onChange={(e) => setParam('branch', e.target.value)}
            data-testid="manage-branch"
          >
            {ctx.branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      <div role="tabpanel" className={styles.workArea}>
        {work === 'receive' && <ReceiveWork />}
        {work === 'import' && <ImportWork />}
        {work === 'unclaimed' && <UnclaimedWork />}
        {work === 'disputes' && <DisputesWork />}
        {work === 'dispatch' && <DispatchWork branches={ctx.branches} />}
        {work === 'bags' && <BagsWork branches={ctx.branches} />}
        {work === 'bag_arrival' && <BagArrivalWork key={branch?.id} branch={branch} branchId={admin ? adminBranch : undefined} />}
        {work === 'arrival' && <ArrivalWork key={branch?.id} branch={branch} branchId={admin ? adminBranch : undefined} />}
        {work === 'handover' && <HandoverWork key={branch?.id} branchId={admin ? adminBranch : undefined} />}
        {work === 'pickup_slots' && <PickupSlotsWork key={branch?.id} branchId={admin ? adminBranch : undefined} />}
        {work === 'shelves' && <ShelvesWork key={branch?.id} branchId={admin ? adminBranch : undefined} />}
        {work === 'stock_take' && <StockTakeWork key={branch?.id} branchId={admin ? adminBranch : undefined} />}
        {work === 'missing' && <MissingWork key={branch?.id} branchId={admin ? adminBranch : undefined} />}
        {work === 'close_day' && <CloseDayWork key={branch?.id} branchId={admin ? adminBranch : undefined} admin={admin} />}
        {work === 'payment_differences' && <PaymentDifferencesWork key={branch?.id} branchId={admin ? adminBranch : undefined} />}
        {work === 'claims' && <ClaimsWork key={branch?.id} branchId={admin ? adminBranch : undefined} admin={admin} />}
        {work === 'door_delivery' && <DoorDeliveryWork key={branch?.id} branchId={admin ? adminBranch : undefined} />}
        {work === 'reports' && (
          <Suspense fallback={<PageSpinner />}>
            <ReportsWork branchId={admin ? undefined : ctx.place_branch?.id} admin={admin} />
          </Suspense>
        )}
        {work === 'find' && <FindWork admin={admin} capabilities={ctx.capabilities} />}
      </div>
    </section>
  );
}
