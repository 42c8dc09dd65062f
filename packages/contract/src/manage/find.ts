import { z } from 'zod';
import { ZParcelPhoto } from '../parcels/parcel-photos';
import { ZData } from '../common/envelope';
import { ZIdParam } from '../common/fields';
import { MSG } from '../common/messages';
import { ZOrderStatusCode } from '../orders/order-status';
import { ZWeightCheck } from '../weights/weight-checks';
import { ZCustomerSummary, ZManageParcel, ZParcelEvent } from './manage-common';

/** GET manage/customers?q=: customers by phone number, client code or name (at most 20, best matches first). */
export const ZFindCustomersQuery = z.object({
  q: z.string({ error: MSG.required }).trim().min(2, { error: MSG.required }).max(64, { error: MSG.tooLong }),
});
export type TFindCustomersQuery = z.input<typeof ZFindCustomersQuery>;
export const ZCustomerFound = ZCustomerSummary.extend({
  /** Parcels per status that are not archived. */
  parcel_counts: z.partialRecord(ZOrderStatusCode, z.number().int()),
});
export type TCustomerFound = z.infer<typeof ZCustomerFound>;
export const ZFindCustomersResponse = ZData(z.array(ZCustomerFound));
export type TFindCustomersResponse = z.infer<typeof ZFindCustomersResponse>;

/** GET manage/customers/{id}: one customer with their latest parcels (at most 100). */
export const ZCustomerParams = ZIdParam;
export const ZCustomerDetailResponse = ZData(z.object({ customer: ZCustomerFound, parcels: z.array(ZManageParcel) }));
export type TCustomerDetailResponse = z.infer<typeof ZCustomerDetailResponse>;

/** GET manage/parcel?code=: one parcel by its tracking code, with its full history. */
export const ZFindParcelQuery = z.object({
  code: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(200, { error: MSG.tooLong }),
});
export type TFindParcelQuery = z.input<typeof ZFindParcelQuery>;
export const ZParcelDetail = z.object({
  parcel: ZManageParcel,
  history: z.array(ZParcelEvent),
  /** Its photos with short-lived signed addresses; empty for staff who may not see them (another branch's parcel, ADR 081). */
  photos: z.array(ZParcelPhoto),
  /** Whether the caller may see and add photos of this parcel. */
  photos_allowed: z.boolean(),
  /** Its weighing at the branch (ADR 089): both weights, both prices and the state; null until weighed there. */
  weight_check: ZWeightCheck.nullable().optional(),
});
export type TParcelDetail = z.infer<typeof ZParcelDetail>;
export const ZParcelDetailResponse = ZData(ZParcelDetail);
export type TParcelDetailResponse = z.infer<typeof ZParcelDetailResponse>;
