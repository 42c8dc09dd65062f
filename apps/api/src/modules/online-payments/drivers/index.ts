import type { TOnlineProvider } from '@portal/contract';
import type { AppConfig } from '../../../config/env';
import type { PaymentDriver } from './driver';
import { kaspiDriver } from './kaspi';

/**
 * The drivers, one per provider (ADR 077): each file speaks one provider's API, its base URL from the environment.
 * A provider without a driver here is not offered to branches.
 */
export type Drivers = Partial<Record<TOnlineProvider, PaymentDriver>>;

export function buildDrivers(config: AppConfig['payments']): Drivers {
  return { kaspi: kaspiDriver({ baseUrl: config.kaspiApiUrl }) };
}
