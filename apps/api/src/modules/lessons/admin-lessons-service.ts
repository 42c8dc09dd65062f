import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { missingLanguages, type TAdminLesson, type TAdminLessonSummary, type TI18nText, type TLang } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { lessonSteps, lessons } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  checkImages,
  checkVersion,
  lockOrder,
  missingFilter,
  missingIn,
  moveRow,
  nextPosition,
  searchFilter,
} from '../admin/content-admin';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { Uploads } from '../uploads/uploads-service';

type LessonRow = typeof lessons.$inferSelect;
type StepRow = typeof lessonSteps.$inferSelect;

export interface LessonInput {
  title: TI18nText;
  description: TI18nText;
  cover: string | null;
  video_url: string | null;
  duration_minutes: number;
  steps: { id?: number; title: TI18nText; body: TI18nText; image?: string | null; video_url?: string | null }[];
}

const ORDER = 'lessons';

const missingOf = (row: LessonRow, steps: Pick<StepRow, 'title' | 'body'>[]) =>
  missingLanguages([row.title, ...steps.flatMap((s) => [s.title, s.body])], [row.description]);

/** SQL: some step of the lesson misses the language. */
const stepMissing = (lang: TLang) =>
  sql`exists (select 1 from ${lessonSteps} where ${lessonSteps.lessonId} = ${lessons.id} and ${missingIn(lang, [lessonSteps.title, lessonSteps.body])})`;

function toSummary(row: LessonRow, steps: StepRow[]): TAdminLessonSummary {
  return {
    id: row.id,
    version: row.version,
    missing_languages: missingOf(row, steps),
    title: row.title,
    cover: row.cover,
    position: row.position,
    steps_count: steps.length,
    updated_at: row.updatedAt.toISOString(),
  };
}

function toAdminLesson(row: LessonRow, steps: StepRow[]): TAdminLesson {
  return {
    ...toSummary(row, steps),
    description: row.description,
    video_url: row.videoUrl,
    duration_minutes: row.durationMinutes,
    steps: steps.map((s) => ({ id: s.id, position: s.position, title: s.title, body: s.body, image: s.image, video_url: s.videoUrl })),
  };
}

/** What the audit keeps of a lesson: every field and its steps in order. */
const audited = (row: LessonRow, steps: StepRow[]) => ({
  title: row.title,
  description: row.description,
  cover: row.cover,
  video_url: row.videoUrl,
  duration_minutes: row.durationMinutes,
  version: row.version,
  steps: steps.map((s) => ({ id: s.id, title: s.title, body: s.body, image: s.image, video_url: s.videoUrl })),
});

const stepsOf = (tx: DbOrTx, lessonId: number) =>
  tx.select().from(lessonSteps).where(eq(lessonSteps.lessonId, lessonId)).orderBy(asc(lessonSteps.position), asc(lessonSteps.id));

/** admin/lessons: the one place lessons and their steps are written. */
export function createAdminLessonsService(deps: { db: Db; uploads: Uploads }) {
  const { db, uploads } = deps;

  const lessonValues = (input: LessonInput) => ({
    title: input.title,
    description: input.description,
    cover: input.cover,
    videoUrl: input.video_url,
    durationMinutes: input.duration_minutes,
  });

  /** Steps become exactly the input's, in its order: kept by id, new ones added, the rest removed. */
  async function writeSteps(tx: DbOrTx, lessonId: number, input: LessonInput['steps']): Promise<StepRow[]> {
    const kept = input.map((s) => s.id).filter((id): id is number => id !== undefined);
    await tx.delete(lessonSteps).where(and(eq(lessonSteps.lessonId, lessonId), kept.length ? notInArray(lessonSteps.id, kept) : undefined));
    for (const [i, step] of input.entries()) {
      const values = { position: i + 1, title: step.title, body: step.body, image: step.image ?? null, videoUrl: step.video_url ?? null };
      if (step.id !== undefined) await tx.update(lessonSteps).set(values).where(eq(lessonSteps.id, step.id));
      else await tx.insert(lessonSteps).values({ lessonId, ...values });
    }
    return stepsOf(tx, lessonId);
  }

  async function checkLessonImages(input: LessonInput, current?: LessonRow, currentSteps: StepRow[] = []) {
    const byId = new Map(currentSteps.map((s) => [s.id, s]));
    const unknown: Record<string, string[]> = {};
    input.steps.forEach((s, i) => {
      if (s.id !== undefined && !byId.has(s.id)) unknown[`steps.${i}.id`] = ['validation.invalid_value'];
    });
    const seen = new Set<number>();
    input.steps.forEach((s, i) => {
      if (s.id === undefined) return;
      if (seen.has(s.id)) unknown[`steps.${i}.id`] = ['validation.invalid_value'];
      seen.add(s.id);
    });
    if (Object.keys(unknown).length) throw new AppError('validation_failed', { fields: unknown });
    await checkImages(uploads, 'lessons', [
      { field: 'cover', value: input.cover, current: current?.cover },
      ...input.steps.map((s, i) => ({
        field: `steps.${i}.image`,
        value: s.image,
        current: s.id !== undefined ? byId.get(s.id)?.image : undefined,
      })),
    ]);
  }

  return {
    async list(filters: { search?: string; missing?: 'any' | TLang }, page: number, perPage: number) {
      const where = and(
        searchFilter(filters.search, [lessons.title, lessons.description]),
        missingFilter(filters.missing, [lessons.title], [lessons.description], stepMissing),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(lessons)
          .where(where)
          .orderBy(asc(lessons.position), asc(lessons.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(lessons).where(where),
      ]);
      const steps = rows.length
        ? await db
            .select()
            .from(lessonSteps)
            .where(
              inArray(
                lessonSteps.lessonId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(lessonSteps.position), asc(lessonSteps.id))
        : [];
      return {
        items: rows.map((row) =>
          toSummary(
            row,
            steps.filter((s) => s.lessonId === row.id),
          ),
        ),
        total: total?.n ?? 0,
      };
    },

    async get(id: number): Promise<TAdminLesson> {
      const [row] = await db.select().from(lessons).where(eq(lessons.id, id)).limit(1);
      if (!row) throw new AppError('not_found');
      return toAdminLesson(row, await stepsOf(db, id));
    },

    async create(actor: AuditActor, input: LessonInput): Promise<TAdminLesson> {
      await checkLessonImages(input);
      return db.transaction(async (tx) => {
        await lockOrder(tx, ORDER);
        const position = await nextPosition(tx, lessons);
        const [row] = await tx
          .insert(lessons)
          .values({ ...lessonValues(input), position })
          .returning();
        const steps = await writeSteps(tx, row!.id, input.steps);
        await recordAudit(tx, {
          actor,
          action: 'lesson.create',
          targetType: 'lesson',
          targetId: row!.id,
          before: null,
          after: audited(row!, steps),
        });
        return toAdminLesson(row!, steps);
      });
    },

    async update(actor: AuditActor, id: number, input: LessonInput & { version: number }): Promise<TAdminLesson> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(lessons).where(eq(lessons.id, id)).for('update').limit(1);
        checkVersion(current, input.version);
        const currentSteps = await stepsOf(tx, id);
        await checkLessonImages(input, current, currentSteps);
        const [row] = await tx
          .update(lessons)
          .set({ ...lessonValues(input), version: sql`${lessons.version} + 1`, updatedAt: new Date() })
          .where(eq(lessons.id, id))
          .returning();
        const steps = await writeSteps(tx, id, input.steps);
        await recordAudit(tx, {
          actor,
          action: 'lesson.update',
          targetType: 'lesson',
          targetId: id,
          before: audited(current!, currentSteps),
          after: audited(row!, steps),
        });
        return toAdminLesson(row!, steps);
      });
    },

    async move(actor: AuditActor, id: number, direction: 'up' | 'down'): Promise<void> {
      await db.transaction(async (tx) => {
        const moved = await moveRow(tx, ORDER, lessons, id, direction);
        if (!moved) throw new AppError('not_found');
        await recordAudit(tx, {
          actor,
          action: 'lesson.move',
          targetType: 'lesson',
          targetId: id,
          before: { position: moved.before },
          after: { position: moved.after },
        });
      });
    },

    async remove(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(lessons).where(eq(lessons.id, id)).for('update').limit(1);
        if (!current) throw new AppError('not_found');
        const steps = await stepsOf(tx, id);
        await tx.delete(lessons).where(eq(lessons.id, id));
        await recordAudit(tx, {
          actor,
          action: 'lesson.delete',
          targetType: 'lesson',
          targetId: id,
          before: audited(current, steps),
          after: null,
        });
      });
    },
  };
}
