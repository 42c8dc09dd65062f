import type { TContentImageKind, TLang } from '@portal/contract';
import type { ContentItem, ContentPath } from '../api/content-api';
import { emptyI18n, type I18nValue } from '../components/i18n-fields';

/** One field of a content editor. Labels are `admin:content.field.<name>`. */
export type ContentField =
  | { type: 'i18n'; name: string; multiline?: boolean; max: number }
  | { type: 'text'; name: string; input: 'text' | 'url' | 'number' | 'datetime-local'; optional?: boolean }
  | { type: 'image'; name: string; kind: TContentImageKind; optional?: boolean }
  | { type: 'icon'; name: string }
  | { type: 'check'; name: string }
  | { type: 'steps'; name: 'steps' };

export type Values = Record<string, unknown>;

/** What the customer sees of an item, for the preview. */
export interface Preview {
  title: string;
  text: string;
  image?: string;
  date?: string;
  link?: string;
  /** The text is formatted (bold, lists, links) where customers read it: the preview renders it the same way. */
  rich?: true;
}

export interface ContentKind {
  path: ContentPath;
  /** Moved up and down (display order); news are ordered by publication time instead. */
  ordered: boolean;
  fields: ContentField[];
  /** The list's title of an item in a language. */
  title: (item: ContentItem, lang: TLang) => string;
  /** The list's picture of an item (cover, logo, icon image). */
  thumb?: (item: ContentItem) => string | null;
  preview: (values: Values, lang: TLang) => Preview;
}

const i18n = (values: Values, name: string) => (values[name] as I18nValue | undefined) ?? emptyI18n();
const text = (values: Values, name: string) => String(values[name] ?? '');

/** A datetime-local value (the admin's local time) from an ISO time, and back. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export function fromLocalInput(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

export const CONTENT_KINDS: Record<ContentPath, ContentKind> = {
  news: {
    path: 'news',
    ordered: false,
    fields: [
      { type: 'i18n', name: 'title', max: 200 },
      { type: 'i18n', name: 'summary', multiline: true, max: 500 },
      { type: 'i18n', name: 'body', multiline: true, max: 20_000 },
      { type: 'image', name: 'image', kind: 'news', optional: true },
      { type: 'text', name: 'published_at', input: 'datetime-local' },
      { type: 'check', name: 'is_published' },
    ],
    title: (item, lang) => (item.title as I18nValue)[lang],
    thumb: (item) => (item.image as string | null) ?? null,
    preview: (v, lang) => ({
      title: i18n(v, 'title')[lang],
      text: i18n(v, 'body')[lang],
      image: text(v, 'image') || undefined,
      date: text(v, 'published_at'),
      rich: true,
    }),
  },
  lessons: {
    path: 'lessons',
    ordered: true,
    fields: [
      { type: 'i18n', name: 'title', max: 200 },
      { type: 'i18n', name: 'description', multiline: true, max: 2000 },
      { type: 'image', name: 'cover', kind: 'lessons', optional: true },
      { type: 'text', name: 'video_url', input: 'url', optional: true },
      { type: 'text', name: 'duration_minutes', input: 'number' },
      { type: 'steps', name: 'steps' },
    ],
    title: (item, lang) => (item.title as I18nValue)[lang],
    thumb: (item) => (item.cover as string | null) ?? null,
    preview: (v, lang) => ({ title: i18n(v, 'title')[lang], text: i18n(v, 'description')[lang], image: text(v, 'cover') || undefined }),
  },
  faqs: {
    path: 'faqs',
    ordered: true,
    fields: [
      { type: 'i18n', name: 'question', max: 300 },
      { type: 'i18n', name: 'answer', multiline: true, max: 5000 },
    ],
    title: (item, lang) => (item.question as I18nValue)[lang],
    preview: (v, lang) => ({ title: i18n(v, 'question')[lang], text: i18n(v, 'answer')[lang] }),
  },
  'prohibited-items': {
    path: 'prohibited-items',
    ordered: true,
    fields: [
      { type: 'i18n', name: 'title', max: 100 },
      { type: 'i18n', name: 'description', multiline: true, max: 2000 },
      { type: 'icon', name: 'icon' },
    ],
    title: (item, lang) => (item.title as I18nValue)[lang],
    thumb: (item) => (String(item.icon).startsWith('/') ? String(item.icon) : null),
    preview: (v, lang) => ({
      title: i18n(v, 'title')[lang],
      text: i18n(v, 'description')[lang],
      image: text(v, 'icon').startsWith('/') ? text(v, 'icon') : undefined,
    }),
  },
  marketplaces: {
    path: 'marketplaces',
    ordered: true,
    fields: [
      { type: 'text', name: 'name', input: 'text' },
      { type: 'i18n', name: 'description', multiline: true, max: 500 },
      { type: 'text', name: 'url', input: 'url' },
      { type: 'image', name: 'logo', kind: 'marketplaces' },
    ],
    title: (item) => String(item.name),
    thumb: (item) => String(item.logo),
    preview: (v, lang) => ({
      title: text(v, 'name'),
      text: i18n(v, 'description')[lang],
      image: text(v, 'logo') || undefined,
      link: text(v, 'url'),
    }),
  },
};

export const CONTENT_PATHS = Object.keys(CONTENT_KINDS) as ContentPath[];
export const isContentPath = (value: string | undefined): value is ContentPath => !!value && value in CONTENT_KINDS;

export interface StepValues {
  id?: number;
  title: I18nValue;
  body: I18nValue;
  image: string;
  video_url: string;
}

/** The editor's values of a new item. */
export function emptyValues(kind: ContentKind): Values {
  const out: Values = {};
  for (const f of kind.fields) {
    if (f.type === 'i18n') out[f.name] = emptyI18n();
    else if (f.type === 'check') out[f.name] = false;
    else if (f.type === 'steps') out[f.name] = [] as StepValues[];
    else if (f.type === 'icon') out[f.name] = 'battery';
    else if (f.name === 'published_at') out[f.name] = toLocalInput(new Date().toISOString());
    else if (f.name === 'duration_minutes') out[f.name] = '5';
    else out[f.name] = '';
  }
  return out;
}

/** The editor's values of a stored item. */
export function valuesOf(kind: ContentKind, item: ContentItem): Values {
  const out: Values = {};
  for (const f of kind.fields) {
    const value = item[f.name];
    if (f.type === 'i18n') out[f.name] = { ...emptyI18n(), ...(value as I18nValue) };
    else if (f.type === 'check') out[f.name] = !!value;
    else if (f.type === 'steps')
      out[f.name] = ((value as (StepValues & { image: string | null; video_url: string | null })[]) ?? []).map((s) => ({
        id: s.id,
        title: { ...emptyI18n(), ...s.title },
        body: { ...emptyI18n(), ...s.body },
        image: s.image ?? '',
        video_url: s.video_url ?? '',
      }));
    else if (f.name === 'published_at') out[f.name] = toLocalInput(String(value));
    else out[f.name] = value === null || value === undefined ? '' : String(value);
  }
  return out;
}

/** The request body of a save (the version is added for an edit). */
export function bodyOf(kind: ContentKind, values: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of kind.fields) {
    const value = values[f.name];
    if (f.type === 'steps')
      out[f.name] = (value as StepValues[]).map((s) => ({
        ...(s.id ? { id: s.id } : {}),
        title: s.title,
        body: s.body,
        image: s.image || null,
        video_url: s.video_url.trim() || null,
      }));
    else if (f.type === 'text' && f.input === 'number') out[f.name] = Number(value);
    else if (f.type === 'text' && f.input === 'datetime-local') out[f.name] = fromLocalInput(String(value));
    else if ((f.type === 'text' || f.type === 'image') && f.optional) out[f.name] = String(value).trim() || null;
    else out[f.name] = value;
  }
  return out;
}
