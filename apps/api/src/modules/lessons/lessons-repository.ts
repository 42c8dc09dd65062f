import { asc, count, eq } from 'drizzle-orm';
import { pickText, type TLang, type TLesson, type TLessonSummary } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { lessonSteps, lessons } from '../../db/schema';

type LessonRow = typeof lessons.$inferSelect;

function toSummary(row: LessonRow, stepsCount: number, lang: TLang): TLessonSummary {
  return {
    id: row.id,
    title: pickText(row.title, lang),
    description: pickText(row.description, lang),
    cover: row.cover,
    video_url: row.videoUrl,
    duration_minutes: row.durationMinutes,
    steps_count: stepsCount,
  };
}

export const lessonsRepository = {
  async all(db: DbOrTx, lang: TLang): Promise<TLessonSummary[]> {
    const rows = await db.select().from(lessons).orderBy(asc(lessons.position), asc(lessons.id));
    const counts = await db.select({ lessonId: lessonSteps.lessonId, n: count() }).from(lessonSteps).groupBy(lessonSteps.lessonId);
    const stepsOf = new Map(counts.map((c) => [c.lessonId, Number(c.n)]));
    return rows.map((row) => toSummary(row, stepsOf.get(row.id) ?? 0, lang));
  },
  async find(db: DbOrTx, id: number, lang: TLang): Promise<TLesson | null> {
    const [row] = await db.select().from(lessons).where(eq(lessons.id, id)).limit(1);
    if (!row) return null;
    const steps = await db
      .select()
      .from(lessonSteps)
      .where(eq(lessonSteps.lessonId, id))
      .orderBy(asc(lessonSteps.position), asc(lessonSteps.id));
    return {
      ...toSummary(row, steps.length, lang),
      steps: steps.map((s) => ({
        id: s.id,
        position: s.position,
        title: pickText(s.title, lang),
        body: pickText(s.body, lang),
        image: s.image,
        video_url: s.videoUrl,
      })),
    };
  },
};
