import type { FastifyInstance } from 'fastify';
import type { ProviderState } from './drivers/driver';
import { reconciliationRepository as repo, type RequestBooks } from './reconciliation-repository';
import { refundAttempts } from './refund-attempts';

/** How many days back each run compares requests with their providers. */
export const RECONCILE_DAYS = 7;
export const RECONCILE_QUEUE = 'payments-reconcile';
/** Daily at 02:30 (the server's time): after every branch's day, before the first counter opens. */
export const RECONCILE_CRON = '30 2 * * *';
/** A refund attempt still pending after this long never got its journal row: listed as `refund_stuck`. */
export const REFUND_STUCK_MS = 15 * 60_000;

type Difference = { kind: string; detail: Record<string, unknown> };

/** What one request's books and its provider's answer disagree on (none when they agree or the provider cannot tell). */
export function differencesOf(books: RequestBooks, state: ProviderState): Difference[] {
  const ours = { our_status: books.status, our_amount: books.amount, journal_amount: books.paid, refunded: books.refunded };
  if (state.state === 'unknown') return [];
  if (state.state === 'paid') {
    if (books.paid === null)
      return [
        {
          kind: 'paid_not_settled',
          detail: { ...ours, provider_state: 'paid', provider_amount: state.amount, provider_ref: state.providerRef },
        },
      ];
    // A refund is not judged from a status: Kaspi's stays "Processed" after a return. A refund the provider refused
    // is listed when it is refused (settlement's `refund_failed`); staff's refunds write nothing a provider refused.
    if (state.amount === books.paid) return [];
    return [
      {
        kind: 'amount_differs',
        detail: { ...ours, provider_state: 'paid', provider_amount: state.amount, provider_ref: state.providerRef },
      },
    ];
  }
  if (state.state === 'refunded') return [];
  // The provider has no money for it (pending, failed, expired) while our journal holds a payment.
  if (books.paid !== null) return [{ kind: 'settled_not_paid', detail: { ...ours, provider_state: state.state } }];
  return [];
}

/**
 * Reconciliation (ADR 077): every request of the last days (and its journal rows) compared with what its provider
 * says (the driver's `status`); each difference recorded once in payment_differences for staff. A provider that does
 * not answer is skipped this run (counted in `failed`). Run daily by the queue and on demand by staff.
 */
export async function reconcile(
  app: FastifyInstance,
  opts: { branchId?: number; days?: number; now?: Date } = {},
): Promise<{ checked: number; found: number; failed: number }> {
  const since = new Date((opts.now ?? new Date()).getTime() - (opts.days ?? RECONCILE_DAYS) * 86_400_000);
  const requests = await repo.requestsToCheck(app.db, since, opts.branchId);
  const credsCache = new Map<string, Record<string, string> | null>();
  let checked = 0;
  let found = 0;
  let failed = 0;
  for (const books of requests) {
    const driver = app.paymentDrivers[books.provider];
    const key = `${books.branchId}:${books.provider}`;
    if (!credsCache.has(key)) credsCache.set(key, await app.providerSettings.keptCredentials(app.db, books.branchId, books.provider));
    const creds = credsCache.get(key);
    if (!driver || !creds) continue;
    let state: ProviderState;
    try {
      state = await driver.status({ requestId: books.id, providerRef: books.providerRef, amount: books.amount }, creds);
    } catch (err) {
      failed += 1;
      app.log.warn(
        { requestId: books.id, provider: books.provider, err: (err as Error).message },
        'reconciliation: provider did not answer',
      );
      continue;
    }
    checked += 1;
    for (const d of differencesOf(books, state))
      if (await repo.addOnce(app.db, { requestId: books.id, branchId: books.branchId, provider: books.provider, ...d })) found += 1;
  }
  // Refunds the provider was asked for whose journal row never came (our last step failed after the provider's answer).
  const now = (opts.now ?? new Date()).getTime();
  for (const a of await refundAttempts.stuck(app.db, new Date(now - REFUND_STUCK_MS))) {
    if (!a.requestId || (opts.branchId !== undefined && a.branchId !== opts.branchId)) continue;
    const detail = { attempt_id: a.id, payment_id: a.paymentId, amount: a.amount, refund_ref: a.refundRef, asked_at: a.createdAt };
    if (await repo.addOnce(app.db, { requestId: a.requestId, branchId: a.branchId, provider: a.provider, kind: 'refund_stuck', detail }))
      found += 1;
  }
  return { checked, found, failed };
}
