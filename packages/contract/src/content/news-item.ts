import type { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZIdParam } from '../common/fields';
import { ZNewsSummary } from './news-list';

/** One published news item with its body (paragraphs separated by blank lines). */
export const ZNewsItem = ZNewsSummary.extend({ body: ZNewsSummary.shape.summary });
export type TNewsItem = z.infer<typeof ZNewsItem>;

/** GET news/{id}: unknown or not yet published answers 404. */
export const ZNewsItemParams = ZIdParam;
export const ZNewsItemResponse = ZData(ZNewsItem);
export type TNewsItemResponse = z.infer<typeof ZNewsItemResponse>;
