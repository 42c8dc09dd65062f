import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { BASE_URL } from './env';
import { expect, openSignedIn } from './fixtures';

/** A staff member's own browser (a context of its own beside the test's page), with its own client address. */
export async function staffPage(browser: Browser, page: Page, address: string, path: string, token: string): Promise<Page> {
  const ctx = await browser.newContext({
    baseURL: BASE_URL,
    viewport: page.viewportSize() ?? { width: 1280, height: 800 },
    locale: 'ru-RU',
    timezoneId: 'Asia/Almaty',
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  const p = await ctx.newPage();
  await openSignedIn(p, token, path);
  await expect(p.getByTestId('manage-page')).toBeVisible();
  return p;
}

/** Types a code the way a hand scanner does: into the field, then Enter. */
export async function scanInto(page: Page, testId: string, code: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/**
 * Screens for people to look at: with SCREENS_DIR set, a full-page PNG named by the step and the width. A spec that
 * takes them reads SCREENS_WIDTH for its viewport (default the project's).
 */
export async function shot(page: Page, name: string) {
  const dir = process.env.SCREENS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}-${page.viewportSize()?.width ?? 1280}.png`), fullPage: true });
}
