import { existsSync, readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { SMS_OUTBOX } from './env';

/** One line of the server's SMS outbox (apps/api SMS outbox driver). */
export interface OutboxMessage {
  to: string;
  text: string;
  code: string | null;
  purpose: string | null;
  at: string;
}

export function readOutbox(file = SMS_OUTBOX): OutboxMessage[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMessage);
}

/** Waits for the newest code sent to `to` for `purpose` after `since` (ms) and returns it (from `file`: another server's outbox). */
export async function codeFor(
  to: string,
  purpose: 'register' | 'forgot' | 'update_phone' | 'new_phone' | 'delete_account',
  since: number,
  file = SMS_OUTBOX,
): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      () => {
        const found = readOutbox(file)
          .filter((m) => m.to === to && m.purpose === purpose && Date.parse(m.at) >= since - 1000 && m.code)
          .at(-1);
        code = found?.code ?? null;
        return code;
      },
      { message: `an SMS code for ${to} (${purpose})`, timeout: 10_000 },
    )
    .not.toBeNull();
  return code as unknown as string;
}
