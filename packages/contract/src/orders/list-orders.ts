import { z } from 'zod';
import { ZCursorPage } from '../common/envelope';
import { ZId } from '../common/fields';
import { ZCursorPageQuery } from '../common/pagination';
import { ZOrder } from './order';

/** GET orders/status/{statusId}/orders: the caller's orders in one status, newest first, archived ones excluded. */
export const ZListOrdersParams = z.object({ statusId: ZId });
export const ZListOrdersQuery = ZCursorPageQuery;
export type TListOrdersQuery = z.input<typeof ZListOrdersQuery>;
export const ZListOrdersResponse = ZCursorPage(ZOrder);
export type TListOrdersResponse = z.infer<typeof ZListOrdersResponse>;
