import type { DbOrTx } from '../../db/client';
import { settingsRepository } from './settings-repository';

/** How the carrier signs what it sends (Telegram, push): its short name and logo as the settings say now. */
export interface SenderBrand {
  name: string;
  logo: string;
}

/** How long a process keeps the sender's brand (a rename shows in messages within this, like the content cache's 5 s). */
const KEEP_MS = 5000;
let kept: { brand: SenderBrand; until: number } | null = null;

/** The carrier's short name (its site name when none) and logo, read at most every 5 s per process. */
export async function senderBrand(db: DbOrTx): Promise<SenderBrand> {
  if (kept && kept.until > Date.now()) return kept.brand;
  const s = await settingsRepository.all(db, 'ru');
  const brand = { name: s.short_name || s.site_name, logo: s.logo };
  kept = { brand, until: Date.now() + KEEP_MS };
  return brand;
}

/** Forget the kept brand (an admin saved the settings in this process). */
export function forgetSenderBrand() {
  kept = null;
}
