import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lessonSteps, lessons } from '../../db/schema';

/** Which of these lesson-image URLs a lesson cover or step still shows (the uploads cleanup keeps those). */
export async function lessonImageReferences(db: Db, urls: string[]): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const [covers, steps] = await Promise.all([
    db.select({ url: lessons.cover }).from(lessons).where(inArray(lessons.cover, urls)),
    db.select({ url: lessonSteps.image }).from(lessonSteps).where(inArray(lessonSteps.image, urls)),
  ]);
  return new Set([...covers, ...steps].map((r) => r.url!));
}
