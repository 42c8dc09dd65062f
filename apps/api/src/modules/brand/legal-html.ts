import { LANGUAGES, parseRichText, type TLang, type TRichLine } from '@portal/contract';
import { escapeHtml } from './brand-page';
import { text } from '../../texts/texts';

const ORDER: TLang[] = ['ru', 'kk', 'en'];

const STYLE = `:root{color-scheme:light dark;--accent:#e2620c}body{margin:0;font:16px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;background:#fafafb;color:#16181d}@media (prefers-color-scheme:dark){body{background:#0f1115;color:#eaecf0}a{color:#fdab6d}.card{background:#16181d!important;border-color:#2a2e37!important}}main{max-width:820px;margin:0 auto;padding:32px 20px 64px}header{display:flex;align-items:center;gap:12px;margin-bottom:24px}header img{width:40px;height:40px}header a{font-weight:800;font-size:1.2rem;color:inherit;text-decoration:none}h1{font-size:1.8rem;line-height:1.2;margin:0 0 16px}nav{display:flex;gap:12px;margin-bottom:24px}a{color:var(--accent)}.card{background:#fff;border:1px solid #eaecf0;border-radius:16px;padding:24px;margin-bottom:24px}`;

function line(pieces: TRichLine): string {
  return pieces
    .map((p) =>
      p.kind === 'link'
        ? `<a href="${escapeHtml(p.href)}" rel="noopener">${escapeHtml(p.text)}</a>`
        : p.kind === 'bold'
          ? `<strong>${escapeHtml(p.text)}</strong>`
          : escapeHtml(p.text),
    )
    .join('');
}

/** Formatted text (the contract's rich-text rules) as HTML, every piece escaped. */
export function richTextHtml(text: string): string {
  return parseRichText(text)
    .map((block) => {
      if (block.kind === 'paragraph') return `<p>${block.lines.map(line).join('<br>')}</p>`;
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}>${block.items.map((item) => `<li>${line(item)}</li>`).join('')}</${tag}>`;
    })
    .join('');
}

/**
 * /legal/terms.html and /legal/privacy.html: the document in all three languages on one page without scripts (the
 * addresses printed in older settings and used where the app itself is not wanted), named as the carrier is now.
 */
export function legalHtml(doc: 'terms' | 'privacy', texts: Record<TLang, string>, brand: { site_name: string; logo: string }, lang: TLang) {
  const langs = [lang, ...ORDER.filter((l) => l !== lang)].filter((l) => LANGUAGES.includes(l));
  const name = escapeHtml(brand.site_name);
  const sections = langs
    .map(
      (l) =>
        `<section id="${l}" lang="${l}" class="card"><h1>${escapeHtml(text(`legal.${doc}`, l))}</h1>${richTextHtml(texts[l])}</section>`,
    )
    .join('');
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(text(`legal.${doc}`, lang))} — ${name}</title><link rel="icon" href="${escapeHtml(brand.logo)}"><style>${STYLE}</style></head><body><main><header><img src="${escapeHtml(brand.logo)}" alt=""><a href="/">${name}</a></header><nav aria-label="Язык / Тіл / Language">${langs.map((l) => `<a href="#${l}">${text(`legal.language_names.${l}`, lang)}</a>`).join('')}</nav>${sections}</main></body></html>`;
}
