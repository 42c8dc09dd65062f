import type { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZOrder } from './order';

/** POST orders/{id}/archive: only delivered orders (409 invalid_state otherwise); archiving twice is harmless. */
export const ZArchiveOrderResponse = ZData(ZOrder);
export type TArchiveOrderResponse = z.infer<typeof ZArchiveOrderResponse>;

/** POST orders/{id}/unarchive: brings an archived order back to its status list. */
export const ZUnarchiveOrderResponse = ZData(ZOrder);
export type TUnarchiveOrderResponse = z.infer<typeof ZUnarchiveOrderResponse>;
