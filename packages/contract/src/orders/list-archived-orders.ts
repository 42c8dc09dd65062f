import type { z } from 'zod';
import { ZCursorPage } from '../common/envelope';
import { ZCursorPageQuery } from '../common/pagination';
import { ZOrder } from './order';

/** GET orders/archived: the caller's archived orders, most recently archived first. */
export const ZListArchivedOrdersQuery = ZCursorPageQuery;
export type TListArchivedOrdersQuery = z.input<typeof ZListArchivedOrdersQuery>;
export const ZListArchivedOrdersResponse = ZCursorPage(ZOrder);
export type TListArchivedOrdersResponse = z.infer<typeof ZListArchivedOrdersResponse>;
