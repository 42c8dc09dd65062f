import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, i18nText, tstz, updatedAt } from './columns';
import { users } from './users';

export const marketplaces = pgTable('marketplaces', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: i18nText('description').notNull(),
  url: text('url').notNull(),
  logo: text('logo').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

export const prohibitedItems = pgTable('prohibited_items', {
  id: serial('id').primaryKey(),
  title: i18nText('title').notNull(),
  description: i18nText('description').notNull(),
  icon: text('icon').notNull().default(''),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
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
    createdAt: createdAt(),
  },
  (t) => [index('news_published_idx').on(t.publishedAt)],
);

export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  question: i18nText('question').notNull(),
  answer: i18nText('answer').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

export const lessons = pgTable('lessons', {
  id: serial('id').primaryKey(),
  title: i18nText('title').notNull(),
  description: i18nText('description').notNull(),
  cover: text('cover'),
  videoUrl: text('video_url'),
  durationMinutes: integer('duration_minutes').notNull().default(5),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const lessonSteps = pgTable(
  'lesson_steps',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id').notNull().references(() => lessons.id, { onDelete: 'cascade' }),
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
    createdAt: createdAt(),
  },
  (t) => [index('support_requests_user_idx').on(t.userId, t.createdAt), index('support_requests_ip_idx').on(t.ip, t.createdAt)],
);
