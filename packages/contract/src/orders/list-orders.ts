import { z } from 'zod';
import { ZPage } from '../common/envelope';
import { ZId } from '../common/fields';
import { ZPageQuery } from '../common/pagination';
import { ZOrder } from './order';

/** GET orders/status/{statusId}/orders: the caller's orders in one status, newest first, archived ones excluded. */
export const ZListOrdersParams = z.object({ statusId: ZId });
export const ZListOrdersQuery = ZPageQuery;
export type TListOrdersQuery = z.input<typeof ZListOrdersQuery>;
export const ZListOrdersResponse = ZPage(ZOrder);
export type TListOrdersResponse = z.infer<typeof ZListOrdersResponse>;
