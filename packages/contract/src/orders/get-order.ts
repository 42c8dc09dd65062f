import type { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZIdParam } from '../common/fields';
import { ZOrderDetails } from './order';

/** GET orders/{id}: one of the caller's orders (others answer 404). */
export const ZOrderIdParams = ZIdParam;
export const ZGetOrderResponse = ZData(ZOrderDetails);
export type TGetOrderResponse = z.infer<typeof ZGetOrderResponse>;
