import { z } from 'zod';
import { ZData, ZPage } from '../common/envelope';
import { ZId } from '../common/fields';
import { ZI18nText } from '../common/i18n';
import { MSG } from '../common/messages';
import { CONTENT_LIMITS, ZAdminContentQuery, ZAdminItemMeta, ZI18nInput, ZImageRef, ZVersion, ZVideoUrlInput } from './content';

export const MAX_LESSON_STEPS = 50;

/** One step as an admin sends it, in reading order; `id` keeps an existing step (a new one has none). */
export const ZAdminLessonStepInput = z.strictObject({
  id: ZId.optional(),
  title: ZI18nInput(CONTENT_LIMITS.title),
  /** Formatted text (content/rich-text). */
  body: ZI18nInput(CONTENT_LIMITS.body),
  image: ZImageRef.nullable().optional(),
  video_url: ZVideoUrlInput.nullable().optional(),
});
export type TAdminLessonStepInput = z.input<typeof ZAdminLessonStepInput>;

const lessonFields = {
  title: ZI18nInput(CONTENT_LIMITS.title),
  description: ZI18nInput(CONTENT_LIMITS.description, false),
  cover: ZImageRef.nullable(),
  video_url: ZVideoUrlInput.nullable(),
  duration_minutes: z
    .number({ error: MSG.required })
    .int({ error: MSG.invalidValue })
    .min(1, { error: MSG.mustBePositive })
    .max(600, { error: MSG.invalidValue }),
  steps: z.array(ZAdminLessonStepInput, { error: MSG.invalidValue }).max(MAX_LESSON_STEPS, { error: MSG.tooLong }),
};

/** POST admin/lessons: the lesson with its steps in order (it goes to the end of the list). */
export const ZAdminLessonCreateRequest = z.strictObject(lessonFields);
export type TAdminLessonCreateRequest = z.input<typeof ZAdminLessonCreateRequest>;
/** PUT admin/lessons/{id}: the whole lesson; steps are kept by id, added without one, removed when left out. */
export const ZAdminLessonUpdateRequest = z.strictObject({ ...lessonFields, version: ZVersion });
export type TAdminLessonUpdateRequest = z.input<typeof ZAdminLessonUpdateRequest>;

export const ZAdminLessonStep = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: ZI18nText,
  body: ZI18nText,
  image: z.string().nullable(),
  video_url: z.string().nullable(),
});
export type TAdminLessonStep = z.infer<typeof ZAdminLessonStep>;

export const ZAdminLessonSummary = ZAdminItemMeta.extend({
  title: ZI18nText,
  cover: z.string().nullable(),
  position: z.number().int(),
  steps_count: z.number().int(),
  updated_at: z.string(),
});
export type TAdminLessonSummary = z.infer<typeof ZAdminLessonSummary>;
export const ZAdminLesson = ZAdminLessonSummary.extend({
  description: ZI18nText,
  video_url: z.string().nullable(),
  duration_minutes: z.number().int(),
  steps: z.array(ZAdminLessonStep),
});
export type TAdminLesson = z.infer<typeof ZAdminLesson>;

/** GET admin/lessons: in display order. */
export const ZAdminLessonsQuery = ZAdminContentQuery;
export const ZAdminLessonsResponse = ZPage(ZAdminLessonSummary);
export type TAdminLessonsResponse = z.infer<typeof ZAdminLessonsResponse>;
export const ZAdminLessonResponse = ZData(ZAdminLesson);
export type TAdminLessonResponse = z.infer<typeof ZAdminLessonResponse>;
