import { describe, expect, it } from 'vitest';
import { isErrorBody, ZErrorBody } from '../src';

// isErrorBody is ZErrorBody without zod (the sign-in page must not load the validation library):
// both must agree on every body, valid or not.
const bodies: unknown[] = [
  { message: 'Нет', code: 'not_found' },
  { message: 'Wait', code: 'rate_limited', retry_after: 720, request_id: 'r-1' },
  { message: 'Bad', code: 'validation_failed', errors: { phone_number: ['x', 'y'], password: [] } },
  { message: 'Bad', code: 'validation_failed', errors: { phone_number: 'x' } },
  { message: 'Bad', code: 'validation_failed', errors: [['x']] },
  { message: 'Bad', code: 'validation_failed', errors: null },
  { message: 'Wait', code: 'rate_limited', retry_after: 1.5 },
  { message: 'Wait', code: 'rate_limited', retry_after: '720' },
  { message: 'x', code: 'x', request_id: 7 },
  { message: 1, code: 'x' },
  { code: 'x' },
  { message: 'x' },
  [],
  null,
  'text',
  42,
  undefined,
];

describe('isErrorBody', () => {
  it.each(bodies.map((body) => [JSON.stringify(body), body]))('agrees with ZErrorBody on %s', (_, body) => {
    expect(isErrorBody(body)).toBe(ZErrorBody.safeParse(body).success);
  });
});
