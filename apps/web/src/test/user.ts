import type { TUser } from '@portal/contract';

/** A signed-in customer as GET /api/auth/user describes one, for tests of the session and the API layer. */
export const TEST_USER: TUser = {
  id: 1,
  phone_number: '+77010000001',
  first_name: 'Aigerim',
  last_name: 'S',
  branch_id: 1,
  gender: 'female',
  date_of_birth: '1994-03-12',
  client_code: 'KZ-10001',
  role: 'customer',
  language: 'ru',
  place: null,
  created_at: '2026-01-01T00:00:00Z',
  iin: null,
  personal_number: null,
  notifications: {},
};
