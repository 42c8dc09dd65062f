import type { TLang } from '@portal/contract';
import { renderMessage, type MessageEvent, type MessageParams, type RenderedMessage } from './notification-texts';

/** How many notifications a process keeps texts of (a few MB: the latest of each group of the recent customers). */
export const RENDERED_TEXTS_MAX = 20_000;

interface Kept {
  /** What the texts were made of: the event and the params as stored (their hash, as the database gives it). */
  event: string;
  paramsHash: number;
  params: MessageParams;
  texts: Partial<Record<TLang, RenderedMessage>>;
}

const kept = new Map<number, Kept>();
let renders = 0;

/**
 * The rendered texts of stored notifications, per process, least recently used out first. The notifications list
 * renders up to 50 per group in the reader's language on every signed-in page load; rendering is a pure function of
 * the event, the params and the language, so a text is kept under the notification's id together with the event and
 * the hash of the params it was made from. A row whose params changed has another hash: its kept text is not used, in
 * this process or any other, and nothing has to be told to forget anything.
 */
export const renderedTexts = {
  /** The kept texts in `lang` (rendered now if only another language was), or undefined when not kept for these params. */
  get(id: number, event: string, paramsHash: number, lang: TLang): RenderedMessage | undefined {
    const entry = kept.get(id);
    if (!entry || entry.paramsHash !== paramsHash || entry.event !== event) return undefined;
    kept.delete(id); // most recently used last
    kept.set(id, entry);
    return (entry.texts[lang] ??= render(entry, lang));
  },

  /** Renders these params in `lang` and keeps them under the notification's id. */
  put(id: number, event: string, paramsHash: number, params: MessageParams, lang: TLang): RenderedMessage {
    const entry: Kept = { event, paramsHash, params, texts: {} };
    kept.delete(id);
    kept.set(id, entry);
    if (kept.size > RENDERED_TEXTS_MAX) kept.delete(kept.keys().next().value!);
    return (entry.texts[lang] = render(entry, lang));
  },

  /** For tests: how many notifications are kept and how many texts were rendered since start. */
  stats: () => ({ size: kept.size, renders }),
};

function render(entry: Kept, lang: TLang): RenderedMessage {
  renders += 1;
  return Object.freeze(renderMessage(entry.event as MessageEvent, entry.params, lang));
}
