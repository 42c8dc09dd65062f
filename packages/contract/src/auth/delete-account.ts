import { z } from 'zod';
import { ZCode } from '../common/fields';

/**
 * POST auth/send-code/delete-account (no body): a code to the signed-in customer's number, refused at once when the
 * account cannot be deleted now (`account_has_parcels`, `account_has_debt`, `not_a_customer`), so no SMS is spent.
 * POST auth/user/delete: that code → the account's personal data erased and every session ended (ADR 069). The code is
 * the product's one-time code: 5 minutes, 5 tries, used once.
 */
export const ZDeleteAccountRequest = z.strictObject({ code: ZCode });
export type TDeleteAccountRequest = z.input<typeof ZDeleteAccountRequest>;
