import type { FastifyInstance } from 'fastify';
import { PAYMENT_REQUEST_TTL_MINUTES, pickText, type TLang, type TOnlineProvider, type TPaymentRequest } from '@portal/contract';
import { AppError, notFound } from '../../lib/app-error';
import { text } from '../../texts/texts';
import { branchesRepository } from '../branches/branches-repository';
import { ordersService } from '../orders/orders-service';
import { paymentsService } from '../payments/payments-service';
import type { UserRow } from '../users/users-repository';
import { weightsService } from '../weights/weights-service';
import { onlinePaymentsRepository as repo, type PaymentRequestRow } from './online-payments-repository';
import { pollRequest } from './poll';
import { tellCustomer } from './tell-customer';
import { requestReads } from './request-reads';

/** The customer's payment page asks Kaspi (no callbacks) when the last check is older than this. */
export const PAGE_CHECK_SECONDS = 2;

/** The providers a branch offers now: configured, enabled and with a driver. */
export async function providersAt(app: FastifyInstance, branchId: number): Promise<TOnlineProvider[]> {
  if (!app.providerSettings.available) return [];
  return (await app.providerSettings.enabledProviders(app.db, branchId)).filter((p) => app.paymentDrivers[p]);
}

/** The provider a new request goes to (the one asked for, or the branch's first) with its driver and keys; 422 when none. */
export async function pickProvider(app: FastifyInstance, branchId: number, asked?: TOnlineProvider) {
  const offered = await providersAt(app, branchId);
  const provider = asked ?? offered[0];
  const driver = provider ? app.paymentDrivers[provider] : undefined;
  const creds = provider && offered.includes(provider) ? await app.providerSettings.credentials(app.db, branchId, provider) : null;
  if (!provider || !driver || !creds) throw new AppError('payment_provider_unavailable');
  return { provider, driver, creds };
}

/** Opens a frozen request at its provider; a refusal or timeout fails it (502, nothing left open). */
export async function openAtProvider(
  app: FastifyInstance,
  o: {
    req: PaymentRequestRow;
    user: UserRow;
    driver: Awaited<ReturnType<typeof pickProvider>>['driver'];
    creds: Awaited<ReturnType<typeof pickProvider>>['creds'];
    description: string;
    lang: TLang;
    publicUrl: string;
  },
): Promise<void> {
  const { req, publicUrl } = o;
  try {
    const created = await o.driver.create(
      {
        requestId: req.id,
        amount: req.amount,
        currency: req.currency,
        description: o.description,
        lang: o.lang,
        phone: o.user.phoneNumber,
        returnUrl: `${publicUrl}/pay/${req.id}`,
        callbackUrl: `${publicUrl}/api/payments/callbacks/${req.provider}`,
        expiresAt: req.expiresAt,
      },
      o.creds,
    );
    await repo.setCreated(app.db, req.id, created);
  } catch (err) {
    app.log.warn({ requestId: req.id, provider: req.provider, err: (err as Error).message }, 'payment provider refused a request');
    await repo.move(app.db, req.id, ['open'], 'failed', { reason: 'provider_failed' });
    throw new AppError('payment_provider_failed');
  }
}

export function view(r: PaymentRequestRow, branchName: Parameters<typeof pickText>[0], lang: TLang): TPaymentRequest {
  return {
    id: r.id,
    status: r.status,
    provider: r.provider,
    branch: { id: r.branchId, name: pickText(branchName, lang) },
    currency: r.currency,
    amount: r.amount,
    debt: r.debt,
    parcel_ids: r.parcelIds,
    pay_url: r.payUrl,
    qr_payload: r.qrPayload,
    provider_ref: r.providerRef,
    expires_at: r.expiresAt.toISOString(),
    paid_at: r.paidAt ? r.paidAt.toISOString() : null,
    payment_id: r.paymentId,
    extension: r.extensionUntil && r.parcelIds[0] !== undefined ? { parcel_id: r.parcelIds[0], until: r.extensionUntil } : null,
    created_at: r.createdAt.toISOString(),
  };
}

/** Payment requests as their customer makes, follows and cancels them (ADR 077). */
export const onlinePaymentsService = {
  /**
   * Freezes what the counter would charge now at the branch (ordersService.dueAt) in a new request, cancelling the
   * customer's open one there (one transaction under the customer's money lock, so a burst leaves one open), then opens
   * the payment at the provider. A provider that refuses or is away fails the request: 502, nothing left open.
   */
  async create(
    app: FastifyInstance,
    user: UserRow,
    input: { branch_id: number; provider?: TOnlineProvider },
    lang: TLang,
    publicUrl: string,
  ): Promise<TPaymentRequest> {
    const branch = await branchesRepository.findById(app.db, input.branch_id);
    if (!branch || !branch.isActive) throw notFound();
    const { provider, driver, creds } = await pickProvider(app, branch.id, input.provider);
    const expiresAt = new Date(Date.now() + PAYMENT_REQUEST_TTL_MINUTES * 60_000);
    const req = await app.db.transaction(async (tx) => {
      await paymentsService.lockCustomer(tx, user.id);
      const due = await ordersService.dueAt(tx, user.id, branch);
      if (due.toPay <= 0) throw new AppError('nothing_to_pay');
      // A parcel weighed heavier at the branch waits for its customer's decision before any amount is frozen (ADR 089).
      await weightsService.assertNonePending(tx, due.parcelIds);
      await repo.cancelOpen(tx, user.id, branch.id, 'replaced');
      return repo.insert(tx, {
        userId: user.id,
        branchId: branch.id,
        provider,
        currency: branch.currency,
        amount: due.toPay,
        debt: Math.min(due.debt, due.toPay),
        parcelIds: due.parcelIds,
        lang,
        expiresAt,
      });
    });
    const branchName = pickText(branch.name, lang);
    const description = req.parcelIds.length
      ? text('online_payments.description', lang, { count: req.parcelIds.length, branch: branchName })
      : text('online_payments.description_debt', lang, { branch: branchName });
    await openAtProvider(app, { req, user, driver, creds, description, lang, publicUrl });
    return this.get(app, user.id, req.id, lang, { poll: false });
  },

  /**
   * The caller's request (anyone else's: 404). An open request of a provider without callbacks (Kaspi) is asked about
   * first when its last check is older than PAGE_CHECK_SECONDS, so the customer's open page sees `paid` fast.
   */
  async get(app: FastifyInstance, userId: number, id: string, lang: TLang, opts = { poll: true }): Promise<TPaymentRequest> {
    let found = await requestReads(app).withBranch(id);
    if (!found || found.r.userId !== userId) throw notFound();
    if (opts.poll && found.r.status === 'open' && found.r.provider === 'kaspi') {
      const claimed = await repo.claimCheck(app.db, id, PAGE_CHECK_SECONDS);
      if (claimed && (await pollRequest(app, claimed))) found = (await repo.withBranch(app.db, id))!;
    }
    return view(found.r, found.branchName, lang);
  },

  /** The caller cancels their open request (a paid or closed one is answered as it is). */
  async cancel(app: FastifyInstance, userId: number, id: string, lang: TLang): Promise<TPaymentRequest> {
    const found = await repo.byId(app.db, id);
    if (!found || found.userId !== userId) throw notFound();
    // The customer's other pages (another tab, the phone) follow.
    if (await repo.move(app.db, id, ['open'], 'cancelled', { reason: 'customer' })) tellCustomer(app, userId, id, 'cancelled');
    return this.get(app, userId, id, lang, { poll: false });
  },

  /** What orders/waiting shows of online payments: each branch's providers and the caller's open requests. */
  async offer(app: FastifyInstance, userId: number) {
    if (!app.providerSettings.available) return undefined;
    const cache = new Map<number, Promise<TOnlineProvider[]>>();
    return {
      providers: (branchId: number) => {
        if (!cache.has(branchId)) cache.set(branchId, providersAt(app, branchId));
        return cache.get(branchId)!;
      },
      openRequests: await repo.openByUser(app.db, userId),
    };
  },
};
