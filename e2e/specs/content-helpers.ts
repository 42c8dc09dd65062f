import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '../support/fixtures';

/** No internet in the tests: map tiles and anything else off this server fail at once, as they would offline. */
export async function offline(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('internetdisconnected'),
  );
}

/** Chooses a language in the settings menu (opening it when needed). */
export async function chooseLanguage(page: Page, name: 'Русский' | 'English' | 'Қазақша'): Promise<void> {
  const toggle = page.getByTestId('language-toggle');
  if (!(await toggle.isVisible())) await page.getByTestId('settings-button').click();
  await toggle.click();
  await page.getByRole('menuitemradio', { name }).click();
}

/** Flips the dark-theme switch in the settings menu and checks the page follows. */
export async function flipTheme(page: Page): Promise<void> {
  const before = await page.locator('html').getAttribute('data-theme');
  const toggle = page.getByRole('switch', { name: /Тёмная тема|Dark theme|Қараңғы тақырып/ });
  if (!(await toggle.isVisible())) await page.getByTestId('settings-button').click();
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', before === 'dark' ? 'light' : 'dark');
  await page.keyboard.press('Escape');
}

/**
 * Home's lower blocks (lessons, marketplaces, prohibited items, news) are built as the visitor scrolls near them
 * (WhenNear in the web app): scrolls down a screen at a time until no block waits, as a customer reading on would.
 */
export async function revealDeferred(page: Page): Promise<void> {
  // First the page itself: until home has rendered there is nothing pending either, and scrolling an empty page would
  // "reveal" nothing (React renders the first screen as a transition, so the load event can come before it).
  await expect(page.locator('[data-testid="section-news"], [data-testid="pending-news"]')).toHaveCount(1);
  await expect(async () => {
    // A screen at a time, as a finger would: a jump to the bottom would pass blocks without ever coming near them.
    await page.evaluate(() => window.scrollBy(0, window.innerHeight));
    await expect(page.locator('[data-testid^="pending-"]')).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
}
