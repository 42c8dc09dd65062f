import { z } from 'zod';
import { ORDER_STATUS_CODES, PAYMENT_METHODS } from './order-status-codes';

export const ZOrderStatusCode = z.enum(ORDER_STATUS_CODES);
export const ZPaymentMethod = z.enum(PAYMENT_METHODS);
