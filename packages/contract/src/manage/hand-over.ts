import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { ZBalance } from '../payments/payment';
import { ZBranchRef, ZCustomerSummary, ZManageParcel } from './manage-common';

/**
 * POST manage/handover/lookup: who is picking up, and what waits for them here.
 * `customer` is what staff scanned or typed: the customer's QR code (ORDA1.…), client code or phone number.
 * Admins name the branch; branch staff always work at their own.
 */
export const ZHandoverLookupRequest = z.strictObject({
  customer: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(1024, { error: MSG.tooLong }),
  branch_id: ZId.optional(),
});
export type THandoverLookupRequest = z.input<typeof ZHandoverLookupRequest>;

export const ZHandoverLookup = z.object({
  customer: ZCustomerSummary,
  branch: ZBranchRef.extend({ tariff: z.number(), currency: z.string() }),
  /** at_branch parcels at this branch, oldest first, with weight and price. */
  parcels: z.array(ZManageParcel),
  total_weight: z.number(),
  total: z.number(),
  currency: z.string(),
  /** The same total in minor units (what payments add up to). */
  total_minor: z.number().int(),
  /** The customer's open debt in this branch's currency, minor units (0 when none): shown first, payable now. */
  debt: z.number().int(),
  /** Balances in other currencies (debts from branches in other countries), for information. */
  other_balances: z.array(ZBalance),
  /** The customer's parcels waiting at other branches (so staff can tell them where to go). */
  elsewhere: z.array(z.object({ branch: ZBranchRef, count: z.number().int() })),
});
export type THandoverLookup = z.infer<typeof ZHandoverLookup>;
export const ZHandoverLookupResponse = ZData(ZHandoverLookup);
export type THandoverLookupResponse = z.infer<typeof ZHandoverLookupResponse>;
