import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './env';
import { codeFor } from './outbox';

export { expect };

export interface Account {
  phone: string;
  password: string;
  token: string;
  firstName: string;
  lastName: string;
}

let sequence = 0;
/** A Kazakhstan mobile number no other test uses: +7 747 <worker><time><n>. */
export function uniquePhone(workerIndex: number): string {
  sequence += 1;
  const tail = `${workerIndex % 10}${Date.now() % 100_000}${sequence % 10}`.padStart(7, '0').slice(-7);
  return `+7747${tail}`;
}

/** A made-up client address per test: the server's per-address limits then apply to this test alone. */
function clientAddress(workerIndex: number, testId: string): string {
  let h = 0;
  for (const ch of testId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `10.${workerIndex % 250}.${(h >>> 8) % 250}.${(h % 250) + 1}`;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const body = await response.json();
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${JSON.stringify(body)}`);
  return body as T;
}

/** Signs in through the API. */
export async function apiLogin(request: APIRequestContext, phone: string, password = DEMO_PASSWORD): Promise<string> {
  const body = await ok<{ data: { access: { token: string } } }>(
    await request.post('/api/auth/login', { data: { phone_number: phone, password } }),
  );
  return body.data.access.token;
}

/** Registers a new customer through the API, reading the code from the SMS outbox (`outbox`: another server's). */
export async function apiRegister(
  request: APIRequestContext,
  phone: string,
  password = 'Steppe-Road-2026',
  outbox?: string,
): Promise<Account> {
  const since = Date.now();
  await ok(await request.post('/api/auth/send-code', { data: { phone_number: phone } }));
  const code = await codeFor(phone, 'register', since, outbox);
  const verified = await ok<{ data: { verification_token: string } }>(
    await request.post('/api/auth/verify-code', { data: { phone_number: phone, code, type: 'register' } }),
  );
  const countries = await ok<{ data: Array<{ id: number }> }>(await request.get('/api/countries'));
  const branches = await ok<{ data: Array<{ id: number }> }>(await request.get(`/api/country/${countries.data[0]!.id}/branches`));
  const firstName = 'Ержан';
  const lastName = `Тестов${phone.slice(-3)}`;
  const session = await ok<{ data: { access: { token: string } } }>(
    await request.post('/api/auth/register', {
      data: {
        phone_number: phone,
        verification_token: verified.data.verification_token,
        password,
        password_confirmation: password,
        first_name: firstName,
        last_name: lastName,
        branch_id: branches.data[0]!.id,
        gender: 'male',
        date_of_birth: '1992-06-15',
      },
    }),
  );
  return { phone, password, token: session.data.access.token, firstName, lastName };
}

/** Puts a token where the app keeps it (localStorage `token`), then opens `path`. */
export async function openSignedIn(page: Page, token: string, path = '/'): Promise<void> {
  await page.goto('/legal/terms.html');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(path);
}

interface Fixtures {
  /** Signs the page in as a demo account (through the API) and opens `path`. */
  signInAs: (phone: string, path?: string) => Promise<void>;
  /** A fresh customer of this test's own, registered through the API. */
  newCustomer: () => Promise<Account>;
  mobile: boolean;
}

export const test = base.extend<Fixtures>({
  // Playwright reads a fixture's dependencies from its first parameter: an empty pattern means none.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ 'x-forwarded-for': clientAddress(testInfo.workerIndex, testInfo.testId) });
  },
  signInAs: async ({ page, request }, use) => {
    await use(async (phone, path = '/') => {
      const token = await apiLogin(request, phone);
      await openSignedIn(page, token, path);
    });
  },
  newCustomer: async ({ request }, use, testInfo) => {
    await use(() => apiRegister(request, uniquePhone(testInfo.workerIndex)));
  },
  // eslint-disable-next-line no-empty-pattern
  mobile: async ({}, use, testInfo) => {
    await use(testInfo.project.name === 'mobile');
  },
});

/** "+77471234567" → "747 123 45 67": what the phone field shows for the national part. */
export function nationalPart(phone: string): string {
  const d = phone.replace(/^\+7/, '');
  return `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6, 8)} ${d.slice(8, 10)}`;
}

/** Types a code into the six cells (as the SMS autofill would, into the first one). */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page
    .getByRole('group', { name: /Код из SMS|Code from the SMS|SMS-тегі код/ })
    .getByRole('textbox')
    .first()
    .fill(code);
}
