import type { z } from 'zod';
import { ZPage } from '../common/envelope';
import { ZPageQuery } from '../common/pagination';
import { ZOrder } from './order';

/** GET orders/archived: the caller's archived orders, most recently archived first. */
export const ZListArchivedOrdersQuery = ZPageQuery;
export type TListArchivedOrdersQuery = z.input<typeof ZListArchivedOrdersQuery>;
export const ZListArchivedOrdersResponse = ZPage(ZOrder);
export type TListArchivedOrdersResponse = z.infer<typeof ZListArchivedOrdersResponse>;
