import { z } from 'zod';
import { ZData, ZPage } from '../common/envelope';
import { ZIdParam } from '../common/fields';
import { ZPageQuery } from '../common/pagination';
import { ZCustomerRef, ZManageParcel } from './manage-common';

/** GET manage/unclaimed: parcels nobody owns yet, newest first; q matches part of the tracking code. */
export const ZUnclaimedQuery = ZPageQuery.extend({ q: z.string().trim().max(40).optional() });
export type TUnclaimedQuery = z.input<typeof ZUnclaimedQuery>;
export const ZUnclaimedResponse = ZPage(ZManageParcel);
export type TUnclaimedResponse = z.infer<typeof ZUnclaimedResponse>;

/** POST manage/unclaimed/{id}/assign: gives the parcel to the customer with this phone number or client code. */
export const ZAssignParams = ZIdParam;
export const ZAssignUnclaimedRequest = z.strictObject({ customer: ZCustomerRef });
export type TAssignUnclaimedRequest = z.input<typeof ZAssignUnclaimedRequest>;
export const ZAssignUnclaimedResponse = ZData(ZManageParcel);
export type TAssignUnclaimedResponse = z.infer<typeof ZAssignUnclaimedResponse>;
