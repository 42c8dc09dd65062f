import { aliasedTable, and, count, desc, eq, exists, gte, ilike, inArray, lt, max, or, sql, type SQL } from 'drizzle-orm';
import type {
  TAdminSupportDetail,
  TAdminSupportSummary,
  TSupportCategory,
  TSupportMessage,
  TSupportState,
  TSupportSummary,
  TSupportThread,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { orders, supportMessages, supportRequests, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit';
import { notificationsService } from '../notifications/notifications-service';
import { textInEveryLanguage } from '../../texts/texts';

type RequestRow = typeof supportRequests.$inferSelect;

export interface AdminSupportFilters {
  state?: TSupportState;
  category?: TSupportCategory;
  from?: string;
  to?: string;
  search?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const excerpt = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/** The notification a customer gets for an office reply: the request's number in their language and the reply's start. */
function replyNotice(requestId: number, body: string) {
  const text = excerpt(body, 300);
  return {
    title: textInEveryLanguage('support.reply_title', { id: requestId }),
    body: { kk: text, ru: text, en: text },
  };
}

async function messagesOf(db: DbOrTx, requestId: number): Promise<TSupportMessage[]> {
  const rows = await db
    .select({ message: supportMessages, firstName: users.firstName })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorId))
    .where(eq(supportMessages.requestId, requestId))
    .orderBy(supportMessages.id);
  return rows.map(({ message, firstName }) => ({
    id: message.id,
    side: message.side,
    author_name: firstName ?? null,
    body: message.body,
    created_at: message.createdAt.toISOString(),
  }));
}

function toThread(row: RequestRow, messages: TSupportMessage[]): TSupportThread {
  return {
    id: row.id,
    category: row.category as TSupportCategory,
    state: row.status as TSupportState,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    messages,
  };
}

/** Locks the request for the change (two replies or a reply and a close apply one after the other). */
async function lockRequest(tx: DbOrTx, id: number, ownerId?: number): Promise<RequestRow> {
  const [row] = await tx
    .select()
    .from(supportRequests)
    .where(ownerId === undefined ? eq(supportRequests.id, id) : and(eq(supportRequests.id, id), eq(supportRequests.userId, ownerId)))
    .for('update');
  // Someone else's request answers exactly like a missing one.
  if (!row) throw new AppError('not_found');
  return row;
}

const snapshot = (row: Pick<RequestRow, 'status' | 'assignedTo'>) => ({ state: row.status, assigned_to: row.assignedTo });

/**
 * The thread of a support request after it is sent: the customer follows and answers their own requests
 * (`/support`), the office works the inbox (`admin/supports`): replies, assigns, closes. Every office write
 * is audited and a reply notifies the customer, both in the transaction of the change.
 */
export function createSupportThreadsService(deps: { db: Db }) {
  const { db } = deps;

  async function adminThread(tx: DbOrTx, row: RequestRow): Promise<TAdminSupportDetail['request']> {
    const messages = await messagesOf(tx, row.id);
    let assignee: { id: number; name: string } | null = null;
    if (row.assignedTo) {
      const [person] = await tx
        .select({ id: users.id, first: users.firstName, last: users.lastName })
        .from(users)
        .where(eq(users.id, row.assignedTo));
      if (person) assignee = { id: person.id, name: fullName(person.first, person.last) };
    }
    return { ...toThread(row, messages), name: row.name, contact: row.contact, language: row.language, assignee };
  }

  return {
    /** The customer's own requests, the latest activity first. */
    async listOwn(userId: number, page: number, perPage: number): Promise<{ items: TSupportSummary[]; total: number }> {
      const last = sql<Date>`greatest(${supportRequests.createdAt}, coalesce(${max(supportMessages.createdAt)}, ${supportRequests.createdAt}))`;
      const [rows, [total]] = await Promise.all([
        db
          .select({ request: supportRequests, last, n: count(supportMessages.id) })
          .from(supportRequests)
          .leftJoin(supportMessages, eq(supportMessages.requestId, supportRequests.id))
          .where(eq(supportRequests.userId, userId))
          .groupBy(supportRequests.id)
          .orderBy(desc(last), desc(supportRequests.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(supportRequests).where(eq(supportRequests.userId, userId)),
      ]);
      return {
        items: rows.map(({ request, last: lastAt, n }) => ({
          id: request.id,
          category: request.category as TSupportCategory,
          state: request.status as TSupportState,
          message: excerpt(request.message),
          created_at: request.createdAt.toISOString(),
          last_message_at: new Date(lastAt).toISOString(),
          messages_count: Number(n),
        })),
        total: total?.n ?? 0,
      };
    },

    async getOwn(userId: number, id: number): Promise<TSupportThread> {
      const [row] = await db
        .select()
        .from(supportRequests)
        .where(and(eq(supportRequests.id, id), eq(supportRequests.userId, userId)));
      if (!row) throw new AppError('not_found');
      return toThread(row, await messagesOf(db, id));
    },

    /** The customer writes again in their request: an answered one goes back to "in progress"; a closed one is 409. */
    async replyAsCustomer(userId: number, id: number, body: string): Promise<TSupportThread> {
      return db.transaction(async (tx) => {
        const row = await lockRequest(tx, id, userId);
        if (row.status === 'closed') throw new AppError('support_closed');
        await tx.insert(supportMessages).values({ requestId: id, authorId: userId, side: 'customer', body });
        const [updated] = await tx
          .update(supportRequests)
          .set({ status: row.status === 'answered' ? 'in_progress' : row.status, updatedAt: new Date() })
          .where(eq(supportRequests.id, id))
          .returning();
        return toThread(updated!, await messagesOf(tx, id));
      });
    },

    async list(filters: AdminSupportFilters, page: number, perPage: number): Promise<{ items: TAdminSupportSummary[]; total: number }> {
      const assignee = aliasedTable(users, 'assignee');
      const where: SQL[] = [];
      if (filters.state) where.push(eq(supportRequests.status, filters.state));
      if (filters.category) where.push(eq(supportRequests.category, filters.category));
      if (filters.from) where.push(gte(supportRequests.createdAt, new Date(`${filters.from}T00:00:00Z`)));
      if (filters.to) where.push(lt(supportRequests.createdAt, new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + 86_400_000)));
      const words = (filters.search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
      for (const word of words) {
        const like = `%${escapeLike(word)}%`;
        where.push(
          or(
            ilike(supportRequests.message, like),
            ilike(supportRequests.name, like),
            ilike(supportRequests.contact, like),
            ilike(users.phoneNumber, like),
            ilike(users.clientCode, like),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
            /^\d+$/.test(word) && word.length < 10 ? eq(supportRequests.id, Number(word)) : undefined,
            exists(
              db
                .select({ one: sql`1` })
                .from(supportMessages)
                .where(and(eq(supportMessages.requestId, supportRequests.id), ilike(supportMessages.body, like))),
            ),
          )!,
        );
      }
      const condition = where.length ? and(...where) : undefined;
      const messagesCount = db.select({ n: count() }).from(supportMessages).where(eq(supportMessages.requestId, supportRequests.id));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            request: supportRequests,
            customer: { id: users.id, first: users.firstName, last: users.lastName, phone: users.phoneNumber, code: users.clientCode },
            assignee: { id: assignee.id, first: assignee.firstName, last: assignee.lastName },
            n: sql<number>`(${messagesCount})`,
          })
          .from(supportRequests)
          .leftJoin(users, eq(users.id, supportRequests.userId))
          .leftJoin(assignee, eq(assignee.id, supportRequests.assignedTo))
          .where(condition)
          .orderBy(desc(supportRequests.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(supportRequests).leftJoin(users, eq(users.id, supportRequests.userId)).where(condition),
      ]);
      return {
        items: rows.map(({ request, customer, assignee: a, n }) => ({
          id: request.id,
          category: request.category as TSupportCategory,
          state: request.status as TSupportState,
          message: excerpt(request.message),
          name: request.name,
          contact: request.contact,
          customer: customer?.id
            ? { id: customer.id, name: fullName(customer.first, customer.last), phone_number: customer.phone!, client_code: customer.code! }
            : null,
          assignee: a?.id ? { id: a.id, name: fullName(a.first, a.last) } : null,
          messages_count: Number(n),
          created_at: request.createdAt.toISOString(),
          updated_at: request.updatedAt.toISOString(),
        })),
        total: total?.n ?? 0,
      };
    },

    async detail(id: number): Promise<TAdminSupportDetail> {
      const [row] = await db.select().from(supportRequests).where(eq(supportRequests.id, id));
      if (!row) throw new AppError('not_found');
      const [request, owner, staff] = await Promise.all([
        adminThread(db, row),
        row.userId ? db.select().from(users).where(eq(users.id, row.userId)) : Promise.resolve([]),
        db
          .select({ id: users.id, first: users.firstName, last: users.lastName, role: users.role })
          .from(users)
          .where(and(inArray(users.role, ['staff', 'admin']), sql`${users.blockedAt} is null`))
          .orderBy(users.firstName, users.id)
          .limit(500),
      ]);
      let customer: TAdminSupportDetail['customer'] = null;
      const user = owner[0];
      if (user) {
        const [parcels, [parcelCount]] = await Promise.all([
          db
            .select({
              id: orders.id,
              trackCode: orders.trackCode,
              name: orders.name,
              statusId: orders.statusId,
              createdAt: orders.createdAt,
            })
            .from(orders)
            .where(eq(orders.userId, user.id))
            .orderBy(desc(orders.id))
            .limit(10),
          db.select({ n: count() }).from(orders).where(eq(orders.userId, user.id)),
        ]);
        customer = {
          id: user.id,
          first_name: user.firstName,
          last_name: user.lastName,
          phone_number: user.phoneNumber,
          client_code: user.clientCode,
          branch_id: user.branchId,
          blocked: !!user.blockedAt,
          created_at: user.createdAt.toISOString(),
          parcels: parcels.map((p) => ({
            id: p.id,
            track_code: p.trackCode,
            name: p.name,
            status_id: p.statusId,
            created_at: p.createdAt.toISOString(),
          })),
          parcel_count: parcelCount?.n ?? 0,
        };
      }
      return { request, customer, assignees: staff.map((s) => ({ id: s.id, name: fullName(s.first, s.last), role: s.role })) };
    },

    /** The office replies: the request becomes "answered" (and theirs, if nobody had it); the customer is notified. */
    async reply(actor: AuditActor, id: number, body: string): Promise<TAdminSupportDetail['request']> {
      return db.transaction(async (tx) => {
        const row = await lockRequest(tx, id);
        if (row.status === 'closed') throw new AppError('support_closed');
        const [message] = await tx
          .insert(supportMessages)
          .values({ requestId: id, authorId: actor.id, side: 'office', body })
          .returning({ id: supportMessages.id });
        const [updated] = await tx
          .update(supportRequests)
          .set({ status: 'answered', assignedTo: row.assignedTo ?? actor.id, updatedAt: new Date() })
          .where(eq(supportRequests.id, id))
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'support.reply',
          targetType: 'support_request',
          targetId: id,
          before: snapshot(row),
          after: { ...snapshot(updated!), message_id: message!.id, body },
        });
        if (row.userId)
          await notificationsService.notify(tx, [
            { userId: row.userId, event: 'support_reply', params: replyNotice(id, body), link: `/support?request=${id}` },
          ]);
        return adminThread(tx, updated!);
      });
    },

    /** Gives the request to a staff member or admin (a new one goes "in progress"), or takes it off them (null). */
    async assign(actor: AuditActor, id: number, userId: number | null): Promise<TAdminSupportDetail['request']> {
      return db.transaction(async (tx) => {
        const row = await lockRequest(tx, id);
        if (userId !== null) {
          const [person] = await tx.select({ role: users.role, blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId));
          if (!person || person.role === 'customer' || person.blockedAt)
            throw new AppError('validation_failed', { fields: { user_id: ['validation.invalid_value'] } });
        }
        const status = userId !== null && row.status === 'new' ? 'in_progress' : row.status;
        const [updated] = await tx
          .update(supportRequests)
          .set({ assignedTo: userId, status, updatedAt: new Date() })
          .where(eq(supportRequests.id, id))
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'support.assign',
          targetType: 'support_request',
          targetId: id,
          before: snapshot(row),
          after: snapshot(updated!),
        });
        return adminThread(tx, updated!);
      });
    },

    /** Closes the thread: nobody writes in it any more (409 support_closed), closing twice included. */
    async close(actor: AuditActor, id: number): Promise<TAdminSupportDetail['request']> {
      return db.transaction(async (tx) => {
        const row = await lockRequest(tx, id);
        if (row.status === 'closed') throw new AppError('support_closed');
        const [updated] = await tx
          .update(supportRequests)
          .set({ status: 'closed', updatedAt: new Date() })
          .where(eq(supportRequests.id, id))
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'support.close',
          targetType: 'support_request',
          targetId: id,
          before: snapshot(row),
          after: snapshot(updated!),
        });
        return adminThread(tx, updated!);
      });
    },
  };
}
export type SupportThreadsService = ReturnType<typeof createSupportThreadsService>;
