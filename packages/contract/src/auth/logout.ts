import { z } from 'zod';

/**
 * POST auth/logout: ends this session. A browser that gets web push for the account names its subscription's endpoint,
 * so a shared computer stops showing the account's messages to whoever signs in next (subscriptions are per account
 * and endpoint). No body (or null) is a plain logout.
 */
export const ZLogoutRequest = z.object({ push_endpoint: z.string().trim().url().max(2048).optional() }).nullish();
export type TLogoutRequest = z.infer<typeof ZLogoutRequest>;
