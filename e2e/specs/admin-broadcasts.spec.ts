import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';

/** Screens for people to look at (SCREENS_DIR), at the project's width and the theme in SCREENS_THEME. */
async function shot(page: Page, name: string, project: string) {
  const dir = process.env.SCREENS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({
    path: join(dir, `${name}-${project === 'mobile' ? 375 : 1280}-${process.env.SCREENS_THEME ?? 'light'}.png`),
    fullPage: true,
  });
}

test.describe('admin broadcasts', () => {
  test('@desktop an admin counts a segment, sends a test to themselves, schedules the broadcast and cancels it within the 60 s', async ({
    page,
    signInAs,
  }, testInfo) => {
    if (process.env.SCREENS_THEME) {
      await page.goto('/legal/terms.html');
      await page.evaluate((t) => localStorage.setItem('theme', t), process.env.SCREENS_THEME);
    }
    await signInAs(DEMO.admin, '/admin');
    await page.getByTestId('admin-nav-broadcasts').click();
    await expect(page).toHaveURL(/\/admin\/broadcasts$/);
    const recipients = page.getByTestId('broadcast-recipients');
    await expect(recipients).toContainText(/\d/);
    const all = Number((await recipients.textContent())!.replace(/\D/g, ''));
    expect(all).toBeGreaterThan(0);
    // Each customer reads one language, so the three language segments share everyone out (other journeys may have
    // switched a customer to Kazakh meanwhile: the counts are read, not assumed). Most of the demo data reads Russian.
    const count = async (lang: 'kk' | 'ru' | 'en') => {
      await page.getByTestId('broadcast-language').selectOption(lang);
      await expect(recipients).toHaveAttribute('data-lang', lang);
      await expect(recipients).toContainText(/\d/);
      return Number((await recipients.textContent())!.replace(/\D/g, ''));
    };
    const kk = await count('kk');
    const en = await count('en');
    const ru = await count('ru');
    expect(ru).toBeGreaterThan(0);
    expect(kk + ru + en).toBe(all);

    const send = page.getByTestId('broadcast-send');
    await expect(send).toBeDisabled(); // every language needs its title and text
    for (const [lang, title, body] of [
      ['kk', 'Жексенбі демалыс', 'Жексенбіде пункттер жабық.'],
      ['ru', 'Выходной в воскресенье', 'В воскресенье пункты закрыты.'],
      ['en', 'Closed on Sunday', 'Branches are closed on Sunday.'],
    ] as const) {
      await page.getByTestId(`broadcast-title-${lang}`).fill(title);
      await page.getByTestId(`broadcast-body-${lang}`).fill(body);
    }
    await page.getByTestId('broadcast-test').click();
    await expect(page.getByText('Тест — в ваших уведомлениях')).toBeVisible();
    await shot(page, 'broadcast-compose', testInfo.project.name);

    await send.click();
    const row = page.getByTestId('broadcast-row').first();
    await expect(row).toContainText('Выходной в воскресенье');
    await expect(row.getByTestId('broadcast-countdown')).toContainText(/Уйдёт через (60|59|58|57|56|55) с/);
    await expect(row.getByTestId('broadcast-progress')).toHaveText(`0 из ${ru}`);
    await shot(page, 'broadcast-scheduled', testInfo.project.name);
    await row.getByTestId('broadcast-cancel').click();
    await expect(row).toContainText('Отменена');
    await expect(row.getByTestId('broadcast-cancel')).toHaveCount(0);
    await shot(page, 'broadcast-cancelled', testInfo.project.name);
  });
});
