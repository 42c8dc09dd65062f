import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { TOnlineProvider } from '@portal/contract';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/feedback';
import { CheckIcon } from '../../../components/ui/icons';
import { describeApiError, type ApiErrorInfo } from '../../../lib/api/errors';
import { useGetWaitingQuery } from '../../../lib/api/waiting-api';
import { useCreatePaymentRequestMutation } from '../api/payments-api';
import { PaySummary } from '../components/pay-summary';
import { ProviderPicker } from '../components/provider-picker';
import { isOnlineProvider, orderProviders } from '../model/providers';
import { usePaymentsTexts } from '../model/use-payments-texts';
import styles from '../components/pay.module.css';

/**
 * /pay?branch=ID (the "Pay online" buttons and the arrival message's link, after sign-in): opens the request for what
 * waits at that branch and moves on to /pay/:id. An open request is reused; with one provider the request opens at
 * once; with several the customer picks (Kaspi first). Nothing to pay, paid already or no provider: the page says so.
 */
export default function PayStartPage() {
  const { t } = useTranslation();
  const ready = usePaymentsTexts();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const branchId = Number(params.get('branch'));
  const asked = params.get('provider');
  const validBranch = Number.isInteger(branchId) && branchId > 0;
  const waiting = useGetWaitingQuery(undefined, { skip: !validBranch, refetchOnMountOrArgChange: true });
  const [create] = useCreatePaymentRequestMutation();
  const [busy, setBusy] = useState<TOnlineProvider | null>(null);
  const [failure, setFailure] = useState<ApiErrorInfo | null>(null);
  const started = useRef(false);

  const row = Array.isArray(waiting.data) ? waiting.data.find((r) => r.branch_id === branchId) : undefined;
  const providers = orderProviders(row?.online_providers);
  const only = asked && isOnlineProvider(asked) && providers.includes(asked) ? asked : providers.length === 1 ? providers[0]! : null;

  const start = async (provider: TOnlineProvider) => {
    setBusy(provider);
    setFailure(null);
    const result = await create({ branch_id: branchId, provider });
    if ('data' in result && result.data) navigate(`/pay/${encodeURIComponent(result.data.id)}`, { replace: true });
    else {
      setBusy(null);
      setFailure(describeApiError(result.error, t));
    }
  };

  const payable = !!row && row.to_pay > 0 && providers.length > 0 && !row.open_request_id;
  // One way to pay: open the request at once (once: a second one would replace the first).
  useEffect(() => {
    if (!ready || !payable || !only || started.current) return;
    started.current = true;
    void start(only);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the row is known
  }, [ready, payable, only]);

  let body;
  if (!ready || (validBranch && waiting.isLoading) || (busy && !failure)) {
    body = (
      <div className={styles.opening} aria-busy="true" data-testid="pay-start-loading">
        {ready && <p className={styles.muted}>{t('payments:start.opening')}</p>}
        <Skeleton width="60%" height={40} />
        <Skeleton height={52} radius={12} />
      </div>
    );
  } else if (validBranch && waiting.error) {
    body = (
      <ErrorState
        title={t('payments:start.error_title')}
        text={describeApiError(waiting.error, t).message}
        onRetry={() => void waiting.refetch()}
      />
    );
  } else if (row?.open_request_id) {
    return <Navigate to={`/pay/${encodeURIComponent(row.open_request_id)}`} replace />;
  } else if (failure) {
    body = (
      <div data-testid="pay-start-error" data-code={failure.code}>
        <ErrorState
          title={t('payments:start.error_title')}
          text={failure.message}
          onRetry={failure.code === 'nothing_to_pay' ? undefined : () => void start(busy ?? only ?? providers[0]!)}
        />
      </div>
    );
  } else if (row && row.paid_online > 0 && row.to_pay <= 0) {
    body = (
      <div data-testid="pay-start-paid">
        <EmptyState
          icon={<CheckIcon size={30} />}
          title={t('payments:start.paid_title')}
          text={t('payments:start.paid_text', { branch: row.branch })}
          actions={<ButtonLink to="/qr">{t('payments:state.to_qr')}</ButtonLink>}
        />
      </div>
    );
  } else if (!row || row.to_pay <= 0) {
    body = (
      <div data-testid="pay-start-nothing">
        <EmptyState
          title={t('payments:start.nothing_title')}
          text={t('payments:start.nothing_text')}
          actions={<ButtonLink to="/">{t('payments:start.to_home')}</ButtonLink>}
        />
      </div>
    );
  } else if (!providers.length) {
    body = (
      <div data-testid="pay-start-no-provider">
        <EmptyState title={t('payments:start.no_provider_title')} text={t('payments:start.no_provider_text')} />
      </div>
    );
  } else {
    body = (
      <div className={styles.layout}>
        <PaySummary amount={row.to_pay} currency={row.currency ?? ''} branch={row.branch} parcels={row.count} debt={row.debt} />
        <div className={styles.panel}>
          <ProviderPicker providers={providers} busy={busy} onPick={(p) => void start(p)} />
        </div>
      </div>
    );
  }

  return (
    <div className={styles.page} data-testid="pay-start-page">
      <header>
        <h1 className={styles.title}>{ready ? t('payments:title') : <Skeleton width={180} height={28} />}</h1>
        {ready && <p className={styles.lead}>{t('payments:lead')}</p>}
      </header>
      <section className={styles.card}>{body}</section>
    </div>
  );
}
