/**
 * The formatted text of news bodies and lesson steps: plain text with a few marks an office manager can type,
 * never HTML. Blank lines separate paragraphs; a single line break stays a line break; lines starting with
 * "- " or "• " make a bulleted list, "1. " a numbered one; **bold**; links are bare https:// addresses or
 * [text](https://…). The web app renders the parsed tree with React elements only (components/content/rich-text),
 * so markup in the text, a <script> included, shows as the text it is.
 */

export type TRichInline = { kind: 'text'; text: string } | { kind: 'bold'; text: string } | { kind: 'link'; text: string; href: string };
/** One line of inline pieces. */
export type TRichLine = TRichInline[];
export type TRichBlock = { kind: 'paragraph'; lines: TRichLine[] } | { kind: 'list'; ordered: boolean; items: TRichLine[] };

const BULLET = /^\s*[-•*]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;
/** [text](https://…) or a bare https://… address (ending before spaces and closing punctuation). */
const LINK = /\[([^\]\n]{1,200})\]\((https:\/\/[^\s)]{1,500})\)|(https:\/\/[^\s<>"]{1,500}[^\s<>".,;:!?)\]])/g;

/** Only https addresses with a host become links (no javascript:, data:, or relative tricks). */
export function safeHref(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

function links(text: string, out: TRichInline[], kind: 'text' | 'bold') {
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const href = safeHref(match[2] ?? match[3] ?? '');
    if (!href) continue;
    if (match.index > last) out.push({ kind, text: text.slice(last, match.index) });
    out.push({ kind: 'link', text: match[1] ?? match[3] ?? href, href });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ kind, text: text.slice(last) });
}

/** One line's pieces: **bold** runs and links, the rest text. */
export function parseInline(line: string): TRichLine {
  const out: TRichInline[] = [];
  const parts = line.split(/\*\*(\S(?:.*?\S)?)\*\*/);
  parts.forEach((part, i) => {
    if (part) links(part, out, i % 2 === 1 ? 'bold' : 'text');
  });
  return out;
}

/** The text as blocks: paragraphs (with their line breaks) and lists. */
export function parseRichText(text: string): TRichBlock[] {
  const blocks: TRichBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((l) => l.trim());
    let paragraph: TRichLine[] = [];
    let list: { ordered: boolean; items: TRichLine[] } | null = null;
    const flushParagraph = () => {
      if (paragraph.length) blocks.push({ kind: 'paragraph', lines: paragraph });
      paragraph = [];
    };
    const flushList = () => {
      if (list) blocks.push({ kind: 'list', ...list });
      list = null;
    };
    for (const line of lines) {
      const bullet = BULLET.exec(line);
      const numbered = bullet ? null : NUMBERED.exec(line);
      const item = bullet ?? numbered;
      if (item) {
        const ordered = !!numbered;
        flushParagraph();
        if (list && list.ordered !== ordered) flushList();
        list ??= { ordered, items: [] };
        list.items.push(parseInline(item[1] ?? ''));
      } else {
        flushList();
        paragraph.push(parseInline(line.trim()));
      }
    }
    flushParagraph();
    flushList();
  }
  return blocks;
}

/** The text without its marks (a summary, a search hit, a notification). */
export function richTextPlain(text: string): string {
  return parseRichText(text)
    .map((block) => (block.kind === 'paragraph' ? block.lines : block.items).map((line) => line.map((p) => p.text).join('')).join('\n'))
    .join('\n\n');
}
