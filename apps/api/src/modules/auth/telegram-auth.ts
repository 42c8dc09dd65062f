import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { normalizePhone, type TLang, type TTelegramContactResult } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { notificationChannels, telegramAuthUses, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { SmsDriver } from '../../plugins/sms';
import { text } from '../../texts/texts';
import { telegramRepository } from '../notifications/telegram-repository';
import { settingsRepository } from '../settings/settings-repository';
import type { UserRow } from '../users/users-repository';
import { usersRepository } from '../users/users-repository';
import type { AuthService } from './auth-service';
import type { CodesService } from './codes-service';
import { contactOf, telegramUserOf, verifySignedData, type SignedData } from './telegram-init-data';

/**
 * Signing in from the Telegram Mini App (issue 34): initData signed by Telegram for a user linked to an account
 * signs that account in (the answer of auth/login); a signed contact links the account with that phone, or lets a
 * new customer register with the phone already proven. Each signed string works once (`telegram_auth_uses`).
 */
interface Client {
  ip?: string;
  userAgent?: string;
  lang: TLang;
}

export function createTelegramAuth(deps: {
  db: Db;
  auth: AuthService;
  codes: CodesService;
  sms: SmsDriver;
  /** Null when the portal has no bot: every call answers telegram_unavailable (never a check with an empty key). */
  botToken: string | null;
  maxAgeSeconds: number;
}) {
  const { db, auth, codes } = deps;

  function verify(raw: string): SignedData {
    if (!deps.botToken) throw new AppError('telegram_unavailable');
    return verifySignedData(raw, deps.botToken, { maxAgeSeconds: deps.maxAgeSeconds });
  }

  /** Spends the signed string once: a second use (or a parallel one) answers telegram_data_reused. */
  async function spend(tx: DbOrTx, data: SignedData): Promise<void> {
    // Rows older than any accepted data are of no use: cleared as we go.
    await tx.delete(telegramAuthUses).where(lt(telegramAuthUses.expiresAt, sql`now()`));
    const expiresAt = new Date(data.authDate.getTime() + (deps.maxAgeSeconds + 60) * 1000);
    const [row] = await tx
      .insert(telegramAuthUses)
      .values({ hash: data.hash, expiresAt })
      .onConflictDoNothing()
      .returning({ hash: telegramAuthUses.hash });
    if (!row) throw new AppError('telegram_data_reused');
  }

  /** The account the Telegram user linked last (the bot's /start link, a contact, or registration). */
  async function linkedUser(telegramUserId: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select({ user: users })
      .from(notificationChannels)
      .innerJoin(users, eq(users.id, notificationChannels.userId))
      .where(and(eq(notificationChannels.channel, 'telegram'), eq(notificationChannels.address, telegramUserId), isNull(users.deletedAt)))
      .orderBy(desc(notificationChannels.updatedAt))
      .limit(1);
    return row?.user;
  }

  async function signIn(user: UserRow, data: SignedData, client: Client, link?: string) {
    const access = await db.transaction(async (tx) => {
      await spend(tx, data);
      if (link) await telegramRepository.link(tx, user.id, link);
      return auth.startSessionFor(tx, user, client);
    });
    return { access, user: await auth.userView(user, client.lang) };
  }

  return {
    /** POST auth/telegram. */
    async withInitData(initData: string, client: Client) {
      const data = verify(initData);
      const tgUser = telegramUserOf(data);
      const user = await linkedUser(String(tgUser.id));
      // Nothing is spent for an unlinked user: the app goes on to ask for the contact.
      if (!user) throw new AppError('telegram_not_linked');
      return signIn(user, data, client);
    },

    /** POST auth/telegram/contact. */
    async withContact(contactData: string, client: Client): Promise<TTelegramContactResult> {
      const data = verify(contactData);
      const contact = contactOf(data);
      const digits = contact.phone_number.replace(/[^\d]/g, '');
      const phone = normalizePhone(`+${digits}`);
      if (!phone) throw new AppError('telegram_phone_unsupported');
      const telegramUserId = String(contact.user_id);
      const user = await usersRepository.findByPhone(db, phone);
      if (user) {
        const session = await signIn(user, data, client, telegramUserId);
        await tellLinked(user);
        return { status: 'signed_in', ...session };
      }
      const token = await db.transaction(async (tx) => {
        await spend(tx, data);
        return codes.issueToken(tx, { phone, purpose: 'register', telegramUserId });
      });
      return {
        status: 'register',
        phone_number: phone,
        first_name: contact.first_name?.slice(0, 100) ?? '',
        last_name: contact.last_name?.slice(0, 100) ?? '',
        ...token,
      };
    },
  };

  /** The SMS to the account's own number after the link: whoever linked it, its owner knows. A failed send is logged, not fatal. */
  async function tellLinked(user: UserRow): Promise<void> {
    const lang = user.language;
    const site = (await settingsRepository.all(db, lang)).site_name.trim() || 'Cargo';
    try {
      await deps.sms.send({ to: user.phoneNumber, text: text('sms.telegram_linked', lang, { site }), purpose: 'telegram_linked' });
    } catch {
      // The link stands; the account's notifications page shows Telegram linked.
    }
  }
}

export type TelegramAuth = ReturnType<typeof createTelegramAuth>;
