import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { TOnlineProvider } from '@portal/contract';
import { useAppDispatch } from '../../../app/hooks';
import { ErrorState, Skeleton } from '../../../components/ui/feedback';
import { baseApi } from '../../../lib/api/base-api';
import { describeApiError } from '../../../lib/api/errors';
import { useLiveEvent } from '../../../lib/session/live-events';
import { useGetWaitingQuery } from '../../../lib/api/waiting-api';
import { notify } from '../../../lib/ui/toast';
import {
  paymentsApi,
  useCancelPaymentRequestMutation,
  useCreatePaymentRequestMutation,
  useGetPaymentRequestQuery,
} from '../api/payments-api';
import { OpenRequest } from '../components/open-request';
import { PaySummary } from '../components/pay-summary';
import { ProviderPicker } from '../components/provider-picker';
import { RequestOutcome } from '../components/request-outcome';
import { orderProviders, pollEvery } from '../model/providers';
import { usePaymentsTexts } from '../model/use-payments-texts';
import styles from '../components/pay.module.css';

/** The branch's other providers, from the waiting rows (a customer may switch while the request is open). */
function useOtherProviders(branchId: number | undefined, current: TOnlineProvider | undefined): TOnlineProvider[] {
  const waiting = useGetWaitingQuery(undefined, { skip: branchId === undefined });
  const row = Array.isArray(waiting.data) ? waiting.data.find((r) => r.branch_id === branchId) : undefined;
  return orderProviders(row?.online_providers).filter((p) => p !== current);
}

/**
 * /pay/:id: one payment request. Kaspi shows its QR (and the app's link on phones), cards and Freedom Pay a button to
 * the provider's page (which sends the customer back here). The page follows the status: paid, failed or expired (pay
 * again), cancelled, refunded. It is told of a change through the live stream and reads the request at once; while open
 * and in sight it also asks every ~2 s for Kaspi (reading makes the API ask Kaspi, which sends no callbacks) and every
 * 15 s for the others (only for when the stream is away).
 */
export default function PayPage() {
  const { t } = useTranslation();
  const ready = usePaymentsTexts();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(true);
  const [provider, setProvider] = useState<TOnlineProvider | undefined>(undefined);
  const q = useGetPaymentRequestQuery(id, {
    pollingInterval: open ? pollEvery(provider) : 0,
    skipPollingIfUnfocused: true,
    refetchOnFocus: true,
    refetchOnMountOrArgChange: true,
  });
  const request = q.data;
  // Pushed, not polled: the live stream says when this request changed (or that it was away), and it is read at once.
  // The status the change left (`paid` from a settlement) is shown as soon as it is told; the read fills in the rest
  // (the receipt's number).
  useLiveEvent('payment', (event) => {
    if (event.request_id !== id) return;
    const { status } = event;
    if (status) dispatch(paymentsApi.util.updateQueryData('getPaymentRequest', id, (draft) => void (draft.status = status)));
    void q.refetch();
  });
  useLiveEvent('resync', () => {
    if (open) void q.refetch();
  });
  const [create, creating] = useCreatePaymentRequestMutation();
  const [cancel, cancelling] = useCancelPaymentRequestMutation();
  const [switching, setSwitching] = useState<TOnlineProvider | null>(null);
  const others = useOtherProviders(request?.branch.id, request?.provider);

  // Polling stops once the request is final; the waiting rows (home's badge, the counter's "to pay") change with it.
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!request) return;
    setOpen(request.status === 'open');
    setProvider(request.provider);
    if (seen.current === 'open' && request.status !== 'open') dispatch(baseApi.util.invalidateTags(['Orders']));
    seen.current = request.status;
  }, [request, dispatch]);

  const startAgain = async (provider: TOnlineProvider) => {
    if (!request || creating.isLoading) return;
    // A storage extension (ADR 093) is asked again where it was chosen: the parcel's page.
    if (request.extension) return navigate(`/orders/order?id=${request.extension.parcel_id}`);
    setSwitching(provider);
    const result = await create({ branch_id: request.branch.id, provider });
    setSwitching(null);
    if ('data' in result && result.data) navigate(`/pay/${encodeURIComponent(result.data.id)}`, { replace: true });
    else notify.error(describeApiError(result.error, t).message);
  };
  const onCancel = async () => {
    const result = await cancel(id);
    if ('error' in result) notify.error(describeApiError(result.error, t).message);
    else notify.success(t('payments:cancelled_toast'));
  };

  let body;
  if (!ready || (!request && q.isLoading)) {
    body = (
      <div className={styles.layout} aria-busy="true" data-testid="pay-loading">
        <div className={styles.summary}>
          <Skeleton width="40%" height={16} />
          <Skeleton width="70%" height={40} />
          <Skeleton width="60%" height={16} />
        </div>
        <Skeleton className={styles.qrSkeleton} height="auto" radius={22} />
      </div>
    );
  } else if (!request) {
    body = <ErrorState title={t('payments:error_title')} text={describeApiError(q.error, t).message} onRetry={() => void q.refetch()} />;
  } else {
    body = (
      <div className={styles.layout} data-status={request.status}>
        <PaySummary
          amount={request.amount}
          currency={request.currency}
          branch={request.branch.name}
          parcels={request.parcel_ids.length}
          debt={request.debt}
          extensionUntil={request.extension?.until}
          state={request.status === 'open' ? 'to_pay' : request.status === 'paid' ? 'paid' : 'asked'}
        />
        {request.status === 'open' ? (
          <div className={styles.panel}>
            <OpenRequest request={request} onCancel={() => void onCancel()} cancelling={cancelling.isLoading} />
            {others.length > 0 && !request.extension && (
              <ProviderPicker providers={others} busy={switching} onPick={(p) => void startAgain(p)} title={t('payments:other_way')} />
            )}
          </div>
        ) : (
          <div className={styles.panel}>
            <RequestOutcome request={request} onRetry={() => void startAgain(request.provider)} retrying={creating.isLoading} />
          </div>
        )}
      </div>
    );
  }

  return (
    <div className={styles.page} data-testid="pay-page" data-status={request?.status}>
      <header>
        <h1 className={styles.title}>{ready ? t('payments:title') : <Skeleton width={180} height={28} />}</h1>
        {ready && <p className={styles.lead}>{t('payments:lead')}</p>}
      </header>
      <section className={styles.card}>{body}</section>
    </div>
  );
}
