import type { FastifyInstance } from 'fastify';
import { keepRawBodies } from './callback-body';
import { cloudPaymentsCallbacks } from './cloudpayments-callbacks';
import { freedomPayCallbacks } from './freedompay-callbacks';

/**
 * Where payment providers notify us (ADR 077): public (no sign-in; each provider's signature is the proof), small
 * bodies kept as their exact bytes, a per-address limit a provider's bursts stay far below.
 * Given to providers as `${PUBLIC_URL}/api/payments/callbacks/<provider>/<kind>` (docs/operations.md).
 */
export async function paymentCallbacksRoutes(app: FastifyInstance) {
  keepRawBodies(app);
  await app.register(cloudPaymentsCallbacks);
  await app.register(freedomPayCallbacks);
}
