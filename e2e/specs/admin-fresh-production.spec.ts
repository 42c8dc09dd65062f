import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, E2E_PORT } from '../support/env';
import { enterCode } from '../support/fixtures';
import { codeFor } from '../support/outbox';
import { chooseLanguage, offline, revealDeferred } from './content-helpers';

/**
 * Issue 11's "Done when" journey on a server of its own, as a carrier starts it: NODE_ENV=production on
 * a fresh embedded database (no demo accounts), where `create-admin` is the only way in. Its own port
 * and data folder, so it runs beside the demo server and every other spec.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PORT = E2E_PORT + 17;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { phone: '+77015550101', password: 'Steppe-Admin-2026' };
const CUSTOMER = { phone: '+77475550102', password: 'Karaganda-Steppe-77', first: 'Айгерим', last: 'Садыкова' };
const BRANCH = { kk: 'Талдықорған — Орталық', ru: 'Талдыкорган — Центр', en: 'Taldykorgan — Centre' };
const LOGO_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#0a7"/><circle cx="20" cy="20" r="9" fill="#fff"/></svg>',
);

let dataDir = '';
let server: ChildProcess | null = null;

function serverEnv(): NodeJS.ProcessEnv {
  // The embedded database and no Redis or Telegram, whatever the shell has set.
  const {
    DATABASE_URL: _db,
    REDIS_URL: _redis,
    TELEGRAM_BOT_TOKEN: _tg,
    TELEGRAM_API_URL: _tgUrl,
    SEED_DEMO: _seed,
    ...inherited
  } = process.env;
  return {
    ...inherited,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SMS_DRIVER: 'outbox',
    SMS_OUTBOX: join(dataDir, 'sms-outbox.jsonl'),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '6000',
    NOTIFY_WORKER: 'true',
    PUBLIC_URL: BASE,
  };
}

async function startServer(): Promise<void> {
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], { cwd: ROOT, env: serverEnv(), stdio: ['ignore', 'pipe', 'inherit'] });
  server = child;
  // Its banner and SMS lines stay out of the run's output; they explain an early exit.
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  await expect
    .poll(
      async () => {
        if (exited !== undefined) throw new Error(`the production server exited with ${exited}:\n${output}`);
        return fetch(`${BASE}/api/health/ready`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { message: `${BASE}/api/health/ready`, timeout: 90_000, intervals: [200, 500] },
    )
    .toBe(200);
}

async function stopServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** A browser of one person's own at 1280px, on the production server, presenting its own client address. */
async function person(browser: Browser, address: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: BASE,
    viewport: { width: 1280, height: 800 },
    locale: 'ru-RU',
    timezoneId: 'Asia/Almaty',
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  await offline(context, BASE);
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Номер телефона').fill(phone.slice(2));
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), `portal-e2e-production-${PORT}-`));
  await startServer();
});

test.afterAll(async () => {
  await stopServer();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.describe('a fresh production server', () => {
  test('@desktop create-admin makes the first admin, who sets the portal up; a customer and a new staff member use it', async ({
    browser,
  }) => {
    // Two server starts on a fresh database and create-admin between them: minutes on a loaded CI machine.
    test.setTimeout(300_000);

    await test.step('before create-admin nobody can sign in: no demo accounts in production', async () => {
      for (const phone of [...Object.values(DEMO), ADMIN.phone]) {
        const response = await fetch(`${BASE}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.217.0.9' },
          body: JSON.stringify({ phone_number: phone, password: phone === ADMIN.phone ? ADMIN.password : DEMO_PASSWORD }),
        });
        expect(response.status, `sign-in as ${phone}`).toBe(401);
      }
    });

    await test.step('create-admin (server stopped: PGlite is one process) creates the first admin', async () => {
      await stopServer();
      const run = spawnSync(process.execPath, ['scripts/create-admin.mjs', '--phone', ADMIN.phone, '--password', ADMIN.password], {
        cwd: ROOT,
        env: serverEnv(),
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(
        new RegExp(`^Created admin: \\${ADMIN.phone} \\(client code KZ-\\d+, user id \\d+\\) in embedded PGlite`, 'm'),
      );
      await startServer();
    });

    const { context: adminContext, page: admin } = await person(browser, '10.217.0.1');

    await test.step('the admin signs in and opens the admin area from the profile', async () => {
      await signIn(admin, ADMIN.phone, ADMIN.password);
      await admin.goto('/profile');
      await admin.getByTestId('entry-admin').click();
      await expect(admin).toHaveURL(/\/admin$/);
      await expect(admin.getByTestId('admin-area')).toBeVisible();
    });

    await test.step('the admin opens a branch with a tariff', async () => {
      await admin.goto('/admin/branches');
      await admin.getByTestId('branch-new').click();
      await expect(admin.getByTestId('branch-form')).toBeVisible();
      for (const lang of ['kk', 'ru', 'en'] as const) {
        await admin.getByTestId(`name-${lang}`).fill(BRANCH[lang]);
        await admin.getByTestId(`city-${lang}`).fill(lang === 'en' ? 'Taldykorgan' : 'Талдыкорган');
        await admin.getByTestId(`address-${lang}`).fill(lang === 'en' ? '70 Tauelsizdik St' : 'ул. Тауелсиздик, 70');
      }
      await admin.getByTestId('branch-latitude').fill('45.0156');
      await admin.getByTestId('branch-longitude').fill('78.3739');
      await admin.getByTestId('branch-tariff').fill('1555');
      await admin.getByTestId('branch-save').click();
      await expect(admin.getByText('Филиал создан')).toBeVisible();
      await expect(admin).toHaveURL(/\/admin\/branches\/\d+/);
    });

    await test.step('the admin renames the site and uploads a logo', async () => {
      await admin.goto('/admin/settings');
      await admin.getByTestId('settings-site_name').fill('Steppe Cargo');
      await admin.getByTestId('settings-logo-file').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: LOGO_SVG });
      await expect(admin.getByTestId('settings-logo-preview')).toHaveAttribute('src', /^\/uploads\/logos\/[0-9a-f]{32}\.svg$/);
      await admin.getByTestId('settings-save').click();
      await expect(admin.getByText('Сохранено: посетители увидят в течение минуты')).toBeVisible();
      await expect(admin.getByTestId('site-name')).toHaveText('Steppe Cargo');
    });

    const title = { kk: 'Талдықорғанда жаңа филиал', ru: 'Новый филиал в Талдыкоргане', en: 'A new branch in Taldykorgan' };
    await test.step('the admin publishes a news item in three languages', async () => {
      const body = { kk: 'Тауелсіздік көшесі, 70.', ru: 'Улица Тауелсиздик, 70.', en: '70 Tauelsizdik Street.' };
      await admin.goto('/admin/content/news');
      await admin.getByTestId('content-new').click();
      for (const lang of ['kk', 'ru', 'en'] as const) {
        await admin.getByTestId('field-title').locator(`[data-lang=${lang}]`).fill(title[lang]);
        await admin.getByTestId('field-body').locator(`[data-lang=${lang}]`).fill(body[lang]);
      }
      await admin.getByTestId('field-is_published').check();
      await admin.getByTestId('content-save').click();
      await expect(admin.getByTestId('content-saved')).toBeVisible();
      await admin.goto('/admin/content/news');
      const row = admin.getByTestId('content-row').filter({ hasText: title.ru });
      await expect(row).toContainText('Все языки');
      await expect(row).toContainText('Опубликована');
    });

    const { context: customerContext, page: customer } = await person(browser, '10.217.0.2');
    let requestId = '';
    await test.step('a customer registers through the registration screens at the new branch and asks support', async () => {
      await customer.goto('/auth/register-code');
      const since = Date.now();
      await customer.getByLabel('Номер телефона').fill(CUSTOMER.phone.slice(2));
      await customer.getByRole('button', { name: 'Получить код' }).click();
      await expect(customer).toHaveURL(/\/auth\/register-verify$/);
      await enterCode(customer, await codeFor(CUSTOMER.phone, 'register', since, join(dataDir, 'sms-outbox.jsonl')));
      await expect(customer).toHaveURL(/\/auth\/register-form$/);
      await customer.getByLabel('Имя').fill(CUSTOMER.first);
      await customer.getByLabel('Фамилия').fill(CUSTOMER.last);
      await customer.getByLabel('Филиал выдачи').selectOption({ label: BRANCH.ru });
      await customer.getByRole('radio', { name: 'Женский' }).check();
      await customer.getByLabel('Дата рождения').fill('1996-04-21');
      await customer.getByLabel('Пароль', { exact: true }).fill(CUSTOMER.password);
      await customer.getByLabel('Повторите пароль').fill(CUSTOMER.password);
      await customer.getByRole('button', { name: 'Создать аккаунт' }).click();
      await expect(customer).toHaveURL(/\/$/);
      await expect(customer.getByText('Добро пожаловать! Аккаунт создан.')).toBeVisible();
      await customer.goto('/profile');
      await expect(customer.getByText(`${CUSTOMER.first} ${CUSTOMER.last}`)).toBeVisible();
      await expect(customer.getByText(BRANCH.ru)).toBeVisible();

      await customer.goto('/support');
      await customer.getByLabel('Тема').selectOption({ label: 'Сроки доставки' });
      await customer.getByLabel('Ваше сообщение').fill('Когда откроется выдача в Талдыкоргане? Посылка YT4455667788 уже в пути.');
      await customer.getByTestId('support-submit').click();
      const success = customer.getByTestId('support-success');
      await expect(success).toContainText(/Обращение №\d+ принято/);
      requestId = /№(\d+)/.exec((await success.textContent()) ?? '')![1]!;
    });

    const reply = 'Выдача открыта с понедельника, ждём вас на Тауелсиздик, 70.';
    await test.step('the admin answers the request from the support inbox', async () => {
      await admin.goto('/admin/supports');
      await admin.getByTestId('supports-search').fill(CUSTOMER.phone);
      await admin.getByTestId('admin-list-find').click();
      await expect(admin.getByTestId('support-row')).toHaveCount(1);
      await admin.getByTestId('support-open').click();
      await expect(admin.getByTestId('admin-support-customer')).toContainText(CUSTOMER.phone);
      await admin.getByTestId('admin-support-reply').fill(reply);
      await admin.getByTestId('admin-support-send').click();
      await expect(admin.getByTestId('admin-support-message')).toContainText(reply);
      await expect(admin.getByTestId('support-state')).toHaveText('Есть ответ');
    });

    await test.step('the customer sees the new name and logo, the branch with its tariff, the news in each language and the reply', async () => {
      await customer.goto('/branches');
      await expect(customer.getByTestId('site-name')).toHaveText('Steppe Cargo');
      await expect(customer.locator('header img').first()).toHaveAttribute('src', /^\/uploads\/logos\//);
      const card = customer.getByTestId('branch-list').getByTestId('branch-card').filter({ hasText: BRANCH.ru });
      await expect(card).toContainText('1 555 ₸/кг');

      await customer.goto('/');
      await revealDeferred(customer);
      await expect(customer.getByTestId('news-card').first()).toContainText(title.ru);
      await chooseLanguage(customer, 'English');
      await expect(customer.getByTestId('news-card').first()).toContainText(title.en);
      await chooseLanguage(customer, 'Қазақша');
      await expect(customer.getByTestId('news-card').first()).toContainText(title.kk);
      await chooseLanguage(customer, 'Русский');

      await customer.goto('/support');
      const mine = customer.getByTestId('my-request').filter({ hasText: `№${requestId}` });
      await expect(mine).toContainText('Есть ответ');
      await mine.click();
      await expect(customer.getByTestId('support-message')).toContainText(reply);
    });

    await test.step('the admin makes the customer staff of the new branch', async () => {
      await admin.goto('/admin/users');
      await admin.getByTestId('users-search').fill(CUSTOMER.phone.slice(-7));
      await admin.getByRole('button', { name: 'Найти' }).click();
      await expect(admin.getByTestId('user-row')).toHaveCount(1);
      await admin.getByTestId('user-row').getByRole('link').click();
      await expect(admin.getByTestId('admin-user')).toBeVisible();
      await admin.getByTestId('user-role').selectOption('staff');
      await admin.getByTestId('user-place').selectOption('branch');
      await admin.getByTestId('user-branch').selectOption({ label: BRANCH.ru });
      await admin.getByTestId('user-save').click();
      await expect(admin.getByTestId('user-saved')).toBeVisible();
    });
    await customerContext.close();
    await adminContext.close();

    await test.step('the new staff member signs in and reaches /manage at that branch', async () => {
      const { context, page: staff } = await person(browser, '10.217.0.3');
      await signIn(staff, CUSTOMER.phone, CUSTOMER.password);
      await staff.goto('/profile');
      await staff.getByTestId('entry-manage').click();
      await expect(staff).toHaveURL(/\/manage/);
      await expect(staff.getByTestId('manage-page')).toBeVisible();
      await expect(staff.getByTestId('manage-page')).toContainText(BRANCH.ru);
      await context.close();
    });
  });
});
