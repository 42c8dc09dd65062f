import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';

/** Serious and critical WCAG 2 A/AA findings on the page as it is now (contrast included). */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// Both themes are checked, each at one width (dark on the phone, light on the desktop) to keep the run short.
test('sign-in and account screens have no serious accessibility violations', async ({ page, signInAs, mobile }) => {
  // Seven axe runs: on a loaded machine they took 1.1 min against the default 60 s (the other axe walks have 240 s).
  test.setTimeout(180_000);
  const theme = mobile ? 'dark' : 'light';
  await page.goto('/legal/terms.html');
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  for (const path of ['/auth', '/auth/register-code', '/auth/forgot-code']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByText('Введите номер телефона')).toBeVisible();
  expect(await seriousViolations(page), 'form errors').toEqual([]);

  await signInAs(DEMO.customer, '/profile');
  await expect(page.getByTestId('profile-page')).toBeVisible();
  for (const path of ['/profile', '/profile/account', '/no-such-page']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeAttached();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await page.getByTestId('settings-button').click();
  await page.getByTestId('language-toggle').click();
  expect(await seriousViolations(page), 'settings menu').toEqual([]);
});
