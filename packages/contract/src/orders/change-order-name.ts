import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZRequiredText } from '../common/fields';
import { ORDER_NAME_MAX_LENGTH, ZOrder } from './order';

/** POST orders/{id}/change-name: the item name the customer sees on the card. */
export const ZChangeOrderNameRequest = z.strictObject({ name: ZRequiredText(ORDER_NAME_MAX_LENGTH) });
export type TChangeOrderNameRequest = z.infer<typeof ZChangeOrderNameRequest>;
export const ZChangeOrderNameResponse = ZData(ZOrder);
export type TChangeOrderNameResponse = z.infer<typeof ZChangeOrderNameResponse>;
