import { eq } from 'drizzle-orm';
import { DEFAULT_STAFF_CAPABILITIES } from '@portal/contract';
import { hashPassword } from '../modules/auth/passwords';
import { usersRepository } from '../modules/users/users-repository';
import type { DbOrTx } from '../db/client';
import { branches, users } from '../db/schema';

export interface DemoAccount {
  role: 'customer' | 'staff' | 'admin';
  phone: string;
  password: string;
  note: string;
}

export const DEMO_PASSWORD = 'Orda-demo-2026';

export const DEMO_ACCOUNTS = [
  {
    role: 'customer',
    phone: '+77010000001',
    firstName: 'Айгерим',
    lastName: 'Садыкова',
    gender: 'female',
    dateOfBirth: '1994-03-12',
    place: null,
    note: 'customer, Almaty — Tole Bi',
  },
  {
    role: 'staff',
    phone: '+77010000002',
    firstName: 'Ли',
    lastName: 'Вэй',
    gender: 'male',
    dateOfBirth: '1988-07-02',
    place: 'china_warehouse',
    note: 'staff at the China warehouse',
  },
  {
    role: 'staff',
    phone: '+77010000003',
    firstName: 'Ерлан',
    lastName: 'Жумабаев',
    gender: 'male',
    dateOfBirth: '1990-11-23',
    place: 'branch',
    note: 'staff at Almaty — Tole Bi',
  },
  {
    role: 'admin',
    phone: '+77010000004',
    firstName: 'Дана',
    lastName: 'Ахметова',
    gender: 'female',
    dateOfBirth: '1985-05-30',
    place: null,
    note: 'admin',
  },
] as const;

/** The demo customer, warehouse and branch staff, and admin; created once (never in production). */
export async function seedAccounts(db: DbOrTx): Promise<DemoAccount[]> {
  const [almaty] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.mapLink, 'https://2gis.kz/almaty/search/%D0%A2%D0%BE%D0%BB%D0%B5%20%D0%B1%D0%B8%20101'))
    .limit(1);
  const [anyBranch] = almaty ? [almaty] : await db.select({ id: branches.id }).from(branches).limit(1);
  const branchId = anyBranch?.id ?? null;
  let passwordHash: string | null = null;
  for (const a of DEMO_ACCOUNTS) {
    const [found] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, a.phone)).limit(1);
    if (found) continue;
    passwordHash ??= await hashPassword(DEMO_PASSWORD);
    await usersRepository.insertWithClientCode(
      db,
      {
        phoneNumber: a.phone,
        passwordHash,
        firstName: a.firstName,
        lastName: a.lastName,
        gender: a.gender,
        dateOfBirth: a.dateOfBirth,
        branchId,
        role: a.role,
        placeKind: a.place,
        placeBranchId: a.place === 'branch' ? branchId : null,
        // What staff held before capabilities existed (ADR 075); the admin grants corrections and undo.
        capabilities: a.role === 'staff' ? [...DEFAULT_STAFF_CAPABILITIES] : [],
      },
      'KZ',
    );
  }
  return DEMO_ACCOUNTS.map((a) => ({ role: a.role, phone: a.phone, password: DEMO_PASSWORD, note: a.note }));
}
