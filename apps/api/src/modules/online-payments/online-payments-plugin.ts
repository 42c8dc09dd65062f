import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { SecretBox } from '../../lib/secret-box';
import { buildDrivers, type Drivers } from './drivers';
import { startPoller } from './poller';
import { providerSettings, type ProviderSettings } from './provider-settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** One driver per online payment provider (ADR 077). */
    paymentDrivers: Drivers;
    /** Branches' sealed merchant credentials; `available` is false without PAYMENTS_SECRET_KEY. */
    providerSettings: ProviderSettings;
  }
}

/** Online payments' shared parts: the drivers and the branches' provider settings (ADR 077). */
export const onlinePaymentsPlugin = fp(
  async (app, opts: { config: AppConfig; drivers?: Drivers }) => {
    const key = opts.config.payments.secretKey;
    app.decorate('paymentDrivers', opts.drivers ?? buildDrivers(opts.config.payments));
    app.decorate('providerSettings', providerSettings(key ? new SecretBox(key) : null));
    // Kaspi sends no callbacks: where this process works jobs, a poller asks about open requests every few seconds.
    if (key && opts.config.notify.worker) await startPoller(app);
  },
  { name: 'online-payments' },
);
