import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZIdParam } from '../common/fields';
import { ZLessonSummary } from './lessons';

export const ZLessonStep = z.object({
  id: z.number().int(),
  /** 1, 2, 3 … in reading order. */
  position: z.number().int(),
  title: z.string(),
  /** Plain text; paragraphs separated by blank lines. */
  body: z.string(),
  image: z.string().nullable(),
  video_url: z.string().nullable(),
});
export type TLessonStep = z.infer<typeof ZLessonStep>;

export const ZLesson = ZLessonSummary.extend({ steps: z.array(ZLessonStep) });
export type TLesson = z.infer<typeof ZLesson>;

/** GET lessons/{id}: one lesson with its steps in order. */
export const ZLessonParams = ZIdParam;
export const ZLessonResponse = ZData(ZLesson);
export type TLessonResponse = z.infer<typeof ZLessonResponse>;
