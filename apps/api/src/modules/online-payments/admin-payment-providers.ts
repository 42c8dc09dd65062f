import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  ONLINE_PROVIDERS,
  ZAdminBranchParams,
  ZAdminPaymentProvidersResponse,
  ZErrorBody,
  ZSaveAdminPaymentProviderRequest,
  type TAdminPaymentProviders,
} from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { branches } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { auditActorOf, recordAudit } from '../audit/audit';
import { ProviderError } from './drivers/driver';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };
const security = [{ bearer: [] }];
const tags = ['admin'];

async function requireBranch(db: DbOrTx, id: number): Promise<void> {
  const [row] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, id)).limit(1);
  if (!row) throw new AppError('not_found');
}

/**
 * admin/branches/{id}/payment-providers (ADR 077): each branch's own merchant accounts. The admin sees which
 * credential fields are set, never their values; a save seals what was typed (blank keeps the kept value) and is
 * audited without the secrets. Without PAYMENTS_SECRET_KEY nothing can be saved (422 payments_not_configured).
 */
export async function adminPaymentProvidersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function view(db: DbOrTx, branchId: number): Promise<TAdminPaymentProviders> {
    const kept = new Map((await app.providerSettings.list(db, branchId)).map((s) => [s.provider, s]));
    const providers: TAdminPaymentProviders['providers'] = [];
    for (const provider of ONLINE_PROVIDERS) {
      const driver = app.paymentDrivers[provider];
      const saved = kept.get(provider);
      // A provider without a driver is not offered; one saved before its driver went away still shows.
      if (!driver && !saved) continue;
      const names = driver ? [...driver.credentialFields] : (saved?.fieldsSet ?? []);
      const certificates = new Set(driver?.certificateFields ?? []);
      // Until when each kept certificate is valid: opened from the sealed credentials only where one is kept.
      const keptCertificate = saved && driver?.certificateValidTo && saved.fieldsSet.some((f) => certificates.has(f));
      const creds = keptCertificate ? await app.providerSettings.keptCredentials(db, branchId, provider) : null;
      const validTo = creds ? driver!.certificateValidTo!(creds) : {};
      providers.push({
        provider,
        enabled: saved?.enabled ?? false,
        fields: names.map((name) => ({
          name,
          set: saved?.fieldsSet.includes(name) ?? false,
          kind: certificates.has(name) ? ('certificate' as const) : ('secret' as const),
          ...(certificates.has(name) && { valid_to: validTo[name]?.toISOString() ?? null }),
        })),
        flags: (driver?.flagFields ?? []).map((f) => ({ name: f.name, value: saved?.switches[f.name] ?? f.default })),
        configured: Boolean(saved),
        updated_at: saved ? saved.updatedAt.toISOString() : null,
      });
    }
    return { available: app.providerSettings.available, providers };
  }

  r.get(
    '/branches/:id/payment-providers',
    {
      schema: {
        tags,
        summary: 'A branch’s online payment providers: enabled, and which credential fields are set (never their values)',
        security,
        params: ZAdminBranchParams,
        response: { 200: ZAdminPaymentProvidersResponse, ...errors },
      },
    },
    async (request) => {
      await requireBranch(app.db, request.params.id);
      return { data: await view(app.db, request.params.id) };
    },
  );

  r.put(
    '/branches/:id/payment-providers',
    {
      schema: {
        tags,
        summary:
          'Save one online payment provider of a branch: enabled and the credential fields typed (blank keeps the kept value); 422 without PAYMENTS_SECRET_KEY',
        security,
        params: ZAdminBranchParams,
        body: ZSaveAdminPaymentProviderRequest,
        response: { 200: ZAdminPaymentProvidersResponse, ...errors },
      },
    },
    async (request) => {
      const branchId = request.params.id;
      const { provider, enabled, credentials, flags } = request.body;
      if (!app.providerSettings.available) throw new AppError('payments_not_configured');
      const driver = app.paymentDrivers[provider];
      if (!driver) throw new AppError('payment_provider_unknown');
      const allowed = new Set(driver.credentialFields);
      const switches = new Set((driver.flagFields ?? []).map((f) => f.name));
      const unknown = [
        ...Object.keys(credentials)
          .filter((k) => !allowed.has(k))
          .map((k) => `credentials.${k}`),
        ...Object.keys(flags)
          .filter((k) => !switches.has(k))
          .map((k) => `flags.${k}`),
      ];
      if (unknown.length)
        throw new AppError('validation_failed', { fields: Object.fromEntries(unknown.map((k) => [k, ['validation.invalid_value']])) });
      const typed: Record<string, string> = Object.fromEntries(Object.entries(credentials).filter(([, v]) => v !== ''));
      const switched = Object.fromEntries(Object.entries(flags).map(([k, v]) => [k, v ? 'true' : 'false']));
      const saved = await app.db.transaction(async (tx) => {
        await requireBranch(tx, branchId);
        const kept = (await app.providerSettings.keptCredentials(tx, branchId, provider)) ?? {};
        // What the provider cannot use (a certificate that does not open with its password) is refused before anything.
        const invalid = driver.invalidCredentials?.({ ...kept, ...typed }) ?? [];
        if (invalid.length)
          throw new AppError('validation_failed', {
            fields: Object.fromEntries(invalid.map((k) => [`credentials.${k.field}`, [k.problem]])),
          });
        // What the provider derives (Kaspi registers the branch's device from its BIN and trade point): saved as typed.
        if (driver.setUp) {
          try {
            Object.assign(typed, await driver.setUp({ ...kept, ...typed }, { branchId }));
          } catch (err) {
            if (err instanceof ProviderError) throw new AppError('payment_provider_failed');
            throw err;
          }
        }
        const before = (await app.providerSettings.list(tx, branchId)).find((s) => s.provider === provider);
        // Switched on, every field the provider needs must hold a value (kept or typed now).
        if (enabled) {
          const missing = (driver.requiredCredentialFields ?? driver.credentialFields).filter(
            (f) => !(f in typed) && !before?.fieldsSet.includes(f),
          );
          if (missing.length)
            throw new AppError('validation_failed', {
              fields: Object.fromEntries(missing.map((k) => [`credentials.${k}`, ['validation.required']])),
            });
        }
        await app.providerSettings.save(tx, {
          branchId,
          provider,
          enabled,
          credentials: { ...typed, ...switched },
          updatedBy: request.auth!.user.id,
        });
        const after = (await app.providerSettings.list(tx, branchId)).find((s) => s.provider === provider);
        // Audited by name only: which fields were set, never a value.
        await recordAudit(tx, {
          actor: auditActorOf(request),
          action: 'admin.payment_provider_save',
          targetType: 'branch',
          targetId: branchId,
          before: before ? { provider, enabled: before.enabled, fields_set: before.fieldsSet } : null,
          after: { provider, enabled, fields_set: after?.fieldsSet ?? [], fields_changed: Object.keys(typed), flags },
        });
        return { data: await view(tx, branchId) };
      });
      // Committed: this process's kept credentials of it are dropped (a read during the transaction may have kept the old).
      app.providerSettings.forget(branchId, provider);
      return saved;
    },
  );
}
