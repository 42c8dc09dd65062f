import { z } from 'zod';
import { ZData } from '../common/envelope';

/** A free lesson as listed. */
export const ZLessonSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
  /** An embeddable video address (youtube-nocookie …), when the lesson has one. */
  video_url: z.string().nullable(),
  duration_minutes: z.number().int(),
  steps_count: z.number().int(),
});
export type TLessonSummary = z.infer<typeof ZLessonSummary>;

/** GET lessons: the free lessons in display order. */
export const ZLessonsResponse = ZData(z.array(ZLessonSummary));
export type TLessonsResponse = z.infer<typeof ZLessonsResponse>;
