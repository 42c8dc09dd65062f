import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZI18nText } from '../common/i18n';
import { ZOrderStatusCode } from '../orders/order-status';
import { CONTENT_LIMITS, ZAdminItemMeta, ZI18nInput, ZVersion } from './content';

/**
 * Order statuses are the parcel lifecycle's rows (design.md): their names can be changed, their codes,
 * order and existence cannot (DELETE answers 409 `status_locked` with how many parcels are in it).
 */
export const ZAdminStatus = ZAdminItemMeta.extend({
  code: ZOrderStatusCode,
  position: z.number().int(),
  name: ZI18nText,
  /** Parcels in this status now. */
  orders_count: z.number().int(),
  updated_at: z.string(),
});
export type TAdminStatus = z.infer<typeof ZAdminStatus>;

/** GET admin/statuses: the lifecycle in order (four rows, not paged). */
export const ZAdminStatusesResponse = ZData(z.array(ZAdminStatus));
export type TAdminStatusesResponse = z.infer<typeof ZAdminStatusesResponse>;

/** PUT admin/statuses/{id}: new names (nothing else can change). */
export const ZAdminStatusUpdateRequest = z.strictObject({ name: ZI18nInput(CONTENT_LIMITS.statusName), version: ZVersion });
export type TAdminStatusUpdateRequest = z.input<typeof ZAdminStatusUpdateRequest>;
export const ZAdminStatusResponse = ZData(ZAdminStatus);
export type TAdminStatusResponse = z.infer<typeof ZAdminStatusResponse>;
