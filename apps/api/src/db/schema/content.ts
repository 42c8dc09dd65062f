import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, i18nText, tstz, updatedAt, version } from './columns';
import { users } from './users';

export const marketplaces = pgTable('marketplaces', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: i18nText('description').notNull(),
  url: text('url').notNull(),
  logo: text('logo').notNull(),
  position: integer('position').notNull().default(0),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const prohibitedItems = pgTable('prohibited_items', {
  id: serial('id').primaryKey(),
  title: i18nText('title').notNull(),
  description: i18nText('description').notNull(),
  icon: text('icon').notNull().default(''),
  position: integer('position').notNull().default(0),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: i18nText('title').notNull(),
    summary: i18nText('summary').notNull(),
    body: i18nText('body').notNull(),
    image: text('image'),
    publishedAt: tstz('published_at').notNull().defaultNow(),
    /** Drafts are only seen in the admin area. */
    isPublished: boolean('is_published').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('news_published_idx').on(t.publishedAt)],
);

export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  question: i18nText('question').notNull(),
  answer: i18nText('answer').notNull(),
  position: integer('position').notNull().default(0),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const lessons = pgTable('lessons', {
  id: serial('id').primaryKey(),
  title: i18nText('title').notNull(),
  description: i18nText('description').notNull(),
  cover: text('cover'),
  videoUrl: text('video_url'),
  durationMinutes: integer('duration_minutes').notNull().default(5),
  position: integer('position').notNull().default(0),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const lessonSteps = pgTable(
  'lesson_steps',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: i18nText('title').notNull(),
    body: i18nText('body').notNull(),
    image: text('image'),
    videoUrl: text('video_url'),
  },
  (t) => [index('lesson_steps_lesson_idx').on(t.lessonId, t.position)],
);

export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    category: text('category').notNull(),
    message: text('message').notNull(),
    contact: text('contact').notNull(),
    name: text('name'),
    language: text('language').notNull().default('ru'),
    ip: text('ip'),
    status: text('status').notNull().default('new'),
    /** The staff member or admin handling it. */
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('support_requests_user_idx').on(t.userId, t.createdAt), index('support_requests_ip_idx').on(t.ip, t.createdAt)],
);

/** The thread of a support request after its first message: replies of the office and the customer. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'office' for staff and admins, 'customer' for the request's owner. */
    side: text('side').$type<'office' | 'customer'>().notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_request_idx').on(t.requestId, t.id)],
);

/**
 * Every staff and admin write: who (with role and place at the time), what, before/after, when, from where.
 * Append-only: a trigger refuses UPDATE and DELETE (migration 0005), and no code path offers either.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id'),
    actorRole: text('actor_role').notNull(),
    actorPlace: text('actor_place'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_action_idx').on(t.action),
  ],
);
