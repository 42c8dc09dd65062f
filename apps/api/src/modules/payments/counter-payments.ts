import type { TPaymentInput, TPaymentMethod } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import type { BranchRow } from '../branches/branches-repository';

/** THE rule of methods: a counter takes only the methods its branch accepts (the admin's list, ADR 073); 422 otherwise. */
export function assertMethodsAccepted(branch: Pick<BranchRow, 'paymentMethods'>, inputs: readonly { method: TPaymentMethod }[]): void {
  if (inputs.some((p) => !branch.paymentMethods.includes(p.method))) throw new AppError('payment_method_not_accepted');
}

/** The journal rows of payments taken at a branch's counter (one per method), in its currency and business day. */
export function paymentRows(
  inputs: TPaymentInput[],
  base: { userId: number; branch: BranchRow; staffUserId: number; receiptId: number | null; businessDate: string },
) {
  return inputs.map((p) => ({
    userId: base.userId,
    branchId: base.branch.id,
    staffUserId: base.staffUserId,
    receiptId: base.receiptId,
    method: p.method,
    amount: p.amount,
    currency: base.branch.currency,
    businessDate: base.businessDate,
  }));
}
