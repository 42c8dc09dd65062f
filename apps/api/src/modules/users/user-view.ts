import type { TOwnUser, TPublicUser } from '@portal/contract';
import type { UserRow } from './users-repository';

/** The public shape of a user row (never the password hash). */
export function toPublicUser(row: UserRow): TPublicUser {
  return {
    id: row.id,
    phone_number: row.phoneNumber,
    first_name: row.firstName,
    last_name: row.lastName,
    branch_id: row.branchId,
    gender: row.gender ?? null,
    date_of_birth: row.dateOfBirth ?? null,
    client_code: row.clientCode,
    role: row.role,
    language: row.language,
    place: row.role === 'customer' || !row.placeKind ? null : { kind: row.placeKind, branch_id: row.placeBranchId ?? null },
    created_at: row.createdAt.toISOString(),
  };
}

/** The user's own view (auth calls): the public shape and their personal numbers for customs. */
export function toOwnUser(row: UserRow): TOwnUser {
  return { ...toPublicUser(row), iin: row.iin ?? null, personal_number: row.personalNumber ?? null };
}
