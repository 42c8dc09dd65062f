import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  VERIFICATION_TOKEN_TTL_SECONDS,
  type TSentCodePurpose as TCodePurpose,
  type TLang,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SmsDriver } from '../../plugins/sms';
import { settingsRepository } from '../settings/settings-repository';
import { codesRepository } from './codes-repository';
import { text } from '../../texts/texts';

/** Caps on codes sent to one phone, and to one client address. */
export const PHONE_CAPS = [
  { windowSeconds: 15 * 60, max: 3 },
  { windowSeconds: 24 * 3600, max: 10 },
] as const;
export const IP_CAP = { windowSeconds: 3600, max: 30 } as const;

/**
 * Sent instead of a registration code when the number already has an account, in the owner's language: the answer to
 * the caller is the same as for a new number (no oracle), and a person who entered their own number learns what to do.
 */

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function secondsUntil(date: Date, windowSeconds: number): number {
  return Math.max(1, Math.ceil((date.getTime() + windowSeconds * 1000 - Date.now()) / 1000));
}

export function createCodesService(deps: { db: Db; sms: SmsDriver; secret: string }) {
  const codeHash = (phone: string, purpose: TCodePurpose, code: string) =>
    createHmac('sha256', deps.secret).update(`${purpose}:${phone}:${code}`).digest('hex');

  return {
    /**
     * Issues a new code. `deliver: false` goes through every step and cap but sends nothing
     * (the forgot flow for a number without an account answers exactly as for one with).
     * `ownerOf` names the account the number already has (registration): every step and cap runs as for a new
     * number and a code is stored (so a guess at the verify step fails like any wrong code), but the SMS tells the
     * owner, in their language, that someone tried to register and to sign in or reset the password instead — the
     * code itself is never sent. The caller's answer is the same either way.
     *
     * The caps are checked and the new code stored in one transaction holding advisory locks on the
     * phone and the address (always in that order), so simultaneous calls — from any number of API
     * processes on one PostgreSQL — are counted one at a time and the caps hold.
     */
    async send(input: {
      phone: string;
      purpose: TCodePurpose;
      ip: string;
      lang: TLang;
      deliver: boolean;
      ownerOf?: (tx: DbOrTx) => Promise<{ language: TLang } | undefined>;
    }) {
      const { phone, purpose, ip } = input;
      const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
      const owner = await deps.db.transaction(async (tx) => {
        await codesRepository.lock(tx, `code-phone:${phone}`);
        await codesRepository.lock(tx, `code-ip:${ip}`);
        const perIp = await codesRepository.countRequestsForIpSince(tx, ip, new Date(Date.now() - IP_CAP.windowSeconds * 1000));
        if (perIp.n >= IP_CAP.max && perIp.oldest)
          throw new AppError('too_many_requests', { retryAfter: secondsUntil(perIp.oldest, IP_CAP.windowSeconds) });
        const owner = input.ownerOf ? await input.ownerOf(tx) : undefined;
        const last = await codesRepository.latest(tx, phone, purpose);
        if (last) {
          const elapsed = (Date.now() - last.createdAt.getTime()) / 1000;
          if (elapsed < CODE_RESEND_SECONDS) {
            const retryAfter = Math.max(1, Math.ceil(CODE_RESEND_SECONDS - elapsed));
            throw new AppError('code_resend_too_soon', { retryAfter, params: { seconds: retryAfter } });
          }
        }
        for (const cap of PHONE_CAPS) {
          const { n, oldest } = await codesRepository.countForPhoneSince(tx, phone, new Date(Date.now() - cap.windowSeconds * 1000));
          if (n >= cap.max && oldest) throw new AppError('too_many_requests', { retryAfter: secondsUntil(oldest, cap.windowSeconds) });
        }
        await codesRepository.recordRequest(tx, { ip, purpose, outcome: 'sent' });
        await codesRepository.supersede(tx, phone, purpose);
        await codesRepository.insert(tx, {
          phoneNumber: phone,
          purpose,
          codeHash: codeHash(phone, purpose, code),
          expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
          ip,
        });
        return owner;
      });
      if (input.deliver) {
        // The SMS names the site as the carrier has set it (settings.site_name), the name customers know.
        const lang = owner?.language ?? input.lang;
        const site = (await settingsRepository.all(deps.db, lang)).site_name.trim() || 'Cargo';
        const message = owner
          ? { to: phone, text: text('sms.register_taken', lang, { site }), purpose: `${purpose}_taken` }
          : { to: phone, text: text(`sms.code.${purpose}`, lang, { code, site }), code, purpose };
        try {
          await deps.sms.send(message);
        } catch {
          // The provider failed: the code never reached the phone, so it must not count or stay valid.
          await codesRepository.discardLatest(deps.db, phone, purpose);
          throw new AppError('service_unavailable');
        }
      }
      return { resend_after: CODE_RESEND_SECONDS, expires_in: CODE_TTL_SECONDS };
    },

    /** Checks a code; right → a single-use verification token bound to phone and purpose. */
    async verify(input: { phone: string; purpose: TCodePurpose; code: string; userId?: number | null }) {
      // The try is counted and checked against the limit in one conditional UPDATE before the code is
      // compared, so a burst of simultaneous guesses gets at most CODE_MAX_ATTEMPTS comparisons.
      const row = await codesRepository.spendAttempt(deps.db, input.phone, input.purpose, CODE_MAX_ATTEMPTS);
      if (!row) {
        // No try was spent: say why (nothing to try, used up, or expired).
        const latest = await codesRepository.latest(deps.db, input.phone, input.purpose);
        if (!latest || latest.consumedAt) throw new AppError('code_invalid', { fields: { code: ['code_invalid'] } });
        if (latest.attempts >= CODE_MAX_ATTEMPTS)
          throw new AppError('code_attempts_exceeded', { fields: { code: ['code_attempts_exceeded'] } });
        throw new AppError('code_expired', { fields: { code: ['code_expired'] } });
      }
      const expected = Buffer.from(row.codeHash, 'hex');
      const actual = Buffer.from(codeHash(input.phone, input.purpose, input.code), 'hex');
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
        if (row.attempts >= CODE_MAX_ATTEMPTS)
          throw new AppError('code_attempts_exceeded', { fields: { code: ['code_attempts_exceeded'] } });
        throw new AppError('code_invalid', { fields: { code: ['code_invalid'] } });
      }
      const token = randomBytes(32).toString('base64url');
      const ok = await deps.db.transaction(async (tx) => {
        if (!(await codesRepository.consume(tx, row.id))) return false;
        await codesRepository.insertToken(tx, {
          tokenHash: sha256(token),
          phoneNumber: input.phone,
          purpose: input.purpose,
          userId: input.userId ?? null,
          expiresAt: new Date(Date.now() + VERIFICATION_TOKEN_TTL_SECONDS * 1000),
        });
        return true;
      });
      if (!ok) throw new AppError('code_invalid', { fields: { code: ['code_invalid'] } });
      return { verification_token: token, expires_in: VERIFICATION_TOKEN_TTL_SECONDS };
    },

    /**
     * A verification token for a phone proven another way than by our code: Telegram's signed contact (issue 34). The
     * account registered with it is linked to that Telegram user.
     */
    async issueToken(db: DbOrTx, input: { phone: string; purpose: TCodePurpose; telegramUserId: string }) {
      const token = randomBytes(32).toString('base64url');
      await codesRepository.insertToken(db, {
        tokenHash: sha256(token),
        phoneNumber: input.phone,
        purpose: input.purpose,
        userId: null,
        telegramUserId: input.telegramUserId,
        expiresAt: new Date(Date.now() + VERIFICATION_TOKEN_TTL_SECONDS * 1000),
      });
      return { verification_token: token, expires_in: VERIFICATION_TOKEN_TTL_SECONDS };
    },

    /** Checks a verification token without spending it (the phone change uses it twice: to send, then to save). */
    async assertTokenUsable(token: string, phone: string, purpose: TCodePurpose) {
      if (!(await codesRepository.findUsableToken(deps.db, sha256(token), phone, purpose))) {
        throw new AppError('verification_token_invalid', { fields: { verification_token: ['verification_token_invalid'] } });
      }
    },

    /** Uses a verification token inside the caller's transaction; refused when wrong, expired, used, or for another phone or purpose. */
    async consumeToken(tx: DbOrTx, token: string, phone: string, purpose: TCodePurpose) {
      const row = await codesRepository.consumeToken(tx, sha256(token), phone, purpose);
      if (!row) throw new AppError('verification_token_invalid', { fields: { verification_token: ['verification_token_invalid'] } });
      return row;
    },
  };
}

export type CodesService = ReturnType<typeof createCodesService>;
