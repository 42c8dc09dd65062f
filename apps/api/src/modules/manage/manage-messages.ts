import type { TLang } from '@portal/contract';
import { text, type Catalogue, type Leaves, type TextValues } from '../../texts/texts';

/** Staff-facing sentences for each outcome of a scan or an import row: `manage.*` in the text files. */
export type ManageText = Leaves<Catalogue['manage']>;

export function manageText(key: ManageText, lang: TLang, params?: TextValues): string {
  return text(`manage.${key}`, lang, params);
}
