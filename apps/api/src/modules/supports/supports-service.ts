import {
  SUPPORT_LIMIT_PER_ADDRESS,
  SUPPORT_LIMIT_PER_USER,
  SUPPORT_LIMIT_WINDOW_SECONDS,
  type TLang,
  type TSupportCategory,
  type TSupportReceipt,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { supportsRepository, type WindowCount } from './supports-repository';
import { text } from '../../texts/texts';

export interface SupportInput {
  category: TSupportCategory;
  message: string;
  contact: string;
  name: string | null;
}

function refuseWhenFull(window: WindowCount, max: number): void {
  if (window.n < max || !window.oldest) return;
  const retryAfter = Math.max(1, Math.ceil((window.oldest.getTime() + SUPPORT_LIMIT_WINDOW_SECONDS * 1000 - Date.now()) / 1000));
  throw new AppError('too_many_requests', { retryAfter });
}

export function createSupportsService(deps: { db: Db }) {
  return {
    /**
     * Stores a support request whole, or refuses it: at most SUPPORT_LIMIT_PER_USER per signed-in user
     * and SUPPORT_LIMIT_PER_ADDRESS per client address within the window (429 with Retry-After).
     */
    async create(input: SupportInput, sender: { userId: number | null; ip: string; lang: TLang }): Promise<TSupportReceipt> {
      const row = await deps.db.transaction(async (tx) => {
        // Locks in a fixed order (user, then address) so two senders never wait on each other in a cycle.
        if (sender.userId !== null) await supportsRepository.lock(tx, `support:user:${sender.userId}`);
        await supportsRepository.lock(tx, `support:ip:${sender.ip}`);
        const since = new Date(Date.now() - SUPPORT_LIMIT_WINDOW_SECONDS * 1000);
        if (sender.userId !== null)
          refuseWhenFull(await supportsRepository.countForUserSince(tx, sender.userId, since), SUPPORT_LIMIT_PER_USER);
        refuseWhenFull(await supportsRepository.countForIpSince(tx, sender.ip, since), SUPPORT_LIMIT_PER_ADDRESS);
        return supportsRepository.insert(tx, {
          userId: sender.userId,
          category: input.category,
          message: input.message,
          contact: input.contact,
          name: input.name,
          language: sender.lang,
          ip: sender.ip,
        });
      });
      return {
        id: row.id,
        category: input.category,
        created_at: row.createdAt.toISOString(),
        message: text('support.received', sender.lang, { id: row.id }),
      };
    },
  };
}
export type SupportsService = ReturnType<typeof createSupportsService>;
