import { DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';

test.describe('shell', () => {
  test('language switch: toast only on a real change, texts and the stored key follow @desktop', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
    await page.getByTestId('settings-button').click();
    await page.getByTestId('language-toggle').click();
    // Choosing the current language changes nothing and says nothing.
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect(page.getByText('Язык успешно изменён!')).toHaveCount(0);

    await page.getByTestId('language-toggle').click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByText('Language successfully changed!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByTestId('language-toggle').click();
    await expect(page.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('menuitemradio', { name: 'Қазақша' }).click();
    await expect(page.getByText('Тіл сәтті өзгертілді!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Кіру' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Кіру' })).toBeVisible();
  });

  test('@mobile a toast on a phone sits under the header, not over it, and a tap does not keep it there', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/auth');
    await page.getByTestId('settings-button').click();
    await page.getByTestId('language-toggle').click();
    await page.getByRole('menuitemradio', { name: 'Қазақша' }).click();
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Тіл сәтті өзгертілді!' });
    await expect(toast).toBeVisible();
    const header = (await page.getByRole('banner').boundingBox())!;
    // Where it settles once the entry animation (a bounce in from the side) is over: under the header, inside the edges.
    await expect
      .poll(async () => {
        const box = await toast.boundingBox();
        return box && { underHeader: box.y >= header.y + header.height, inside: box.x > 0 && box.x + box.width < 320 };
      })
      .toEqual({ underHeader: true, inside: true });
    // A tap "hovers" on a touch screen and nothing ever leaves: the toast must not pause for good.
    await toast.tap();
    await expect(toast).toBeHidden({ timeout: 6_000 });
  });

  test('an unknown stored language falls back to ru; theme defaults to dark, switches and is kept @mobile', async ({ page }) => {
    await page.goto('/legal/terms.html');
    await page.evaluate(() => {
      localStorage.setItem('lang', 'de');
      localStorage.removeItem('theme');
    });
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    await page.getByTestId('settings-button').click();
    const toggle = page.getByRole('switch', { name: 'Тёмная тема' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    const mobile = (page.viewportSize()?.width ?? 1280) < 480;
    // Measured once the settings menu has finished opening: its entrance animation scales it up from 98 %.
    await expect
      .poll(async () => {
        const box = await toggle.boundingBox();
        return [Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)];
      })
      .toEqual(mobile ? [40, 20] : [50, 25]);
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('guards: signed-out visitors go to /auth (replacing history), signed-in users leave the auth pages @desktop', async ({
    page,
    signInAs,
  }) => {
    await page.goto('/legal/terms.html');
    await page.goto('/profile/account');
    await expect(page).toHaveURL(/\/auth\?next=%2Fprofile%2Faccount$/);
    // Replaced, not pushed: Back leaves the app instead of bouncing through the guarded page.
    await page.goBack();
    await expect(page).toHaveURL(/\/legal\/terms\.html$/);

    // The auth steps without the /auth prefix lead to the prefixed ones.
    await page.goto('/register-code');
    await expect(page).toHaveURL(/\/auth\/register-code$/);
    await page.goto('/forgot-code');
    await expect(page).toHaveURL(/\/auth\/forgot-code$/);

    await signInAs(DEMO.customer, '/auth');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/auth/register-code');
    await expect(page).toHaveURL(/\/$/);
  });

  test('breadcrumbs: none on / and the auth pages; translated trail elsewhere; 404 for unknown labels @desktop', async ({
    page,
    signInAs,
  }) => {
    await page.goto('/auth');
    await expect(page.getByTestId('breadcrumbs')).toHaveCount(0);

    await signInAs(DEMO.customer, '/');
    await expect(page.getByTestId('breadcrumbs')).toHaveCount(0);
    await page.goto('/profile/account/update-code');
    const crumbs = page.getByTestId('breadcrumbs');
    await expect(crumbs.getByRole('listitem')).toHaveText(['Главная', 'Профиль', 'Мои данные', 'Смена номера']);
    await crumbs.getByRole('link', { name: 'Профиль' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await page.goto('/orders/tracks');
    await expect(crumbs.getByRole('listitem')).toHaveText(['Главная', 'Заказы', 'Треки']);
    await page.goto('/free-lessons/1?step=2');
    await expect(crumbs.getByRole('listitem')).toHaveText(['Главная', 'Бесплатные уроки', 'Урок', 'Шаг 2']);
    await page.goto('/notification/no-such-group');
    await expect(crumbs.getByRole('listitem')).toHaveText(['Главная', 'Уведомления', '404']);
  });

  test('not-found page says why and links home @mobile', async ({ page, signInAs }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await expect(page.getByText('Возможно, страница была удалена или адрес указан неверно.')).toBeVisible();
    await signInAs(DEMO.customer, '/definitely-missing');
    await expect(page.getByTestId('breadcrumbs').getByRole('listitem')).toHaveText(['Главная', '404']);
    await page.getByRole('link', { name: 'Вернуться на главную' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('header, navigation, unread badge and footer per width; tab title is the site name', async ({ page, signInAs, mobile }) => {
    await signInAs(DEMO.customer, '/');
    await expect(page).toHaveTitle('Orda Cargo');
    await expect(page.getByTestId('site-name')).toHaveText('Orda Cargo');
    if (mobile) {
      const bar = page.getByTestId('bottom-bar');
      await expect(bar).toBeVisible();
      await expect(bar.getByRole('link')).toHaveText([/Главная/, /Заказы/, /QR-код/, /Уведомления/, /Профиль/]);
      await expect(page.getByTestId('footer')).toBeHidden();
      await bar.getByRole('link', { name: /Профиль/ }).click();
      await expect(page).toHaveURL(/\/profile$/);
    } else {
      await expect(page.getByTestId('bottom-bar')).toBeHidden();
      const nav = page.getByRole('banner').getByRole('navigation', { name: 'Основная навигация' });
      await expect(nav.getByRole('link')).toHaveText(['Главная', 'Заказы', 'QR-код', 'Профиль']);
      await expect(page.getByTestId('footer')).toBeVisible();
      // the terms written in the admin area, read in the app (ADR 068)
      await expect(page.getByTestId('footer').getByRole('link', { name: 'Пользовательское соглашение' })).toHaveAttribute('href', '/terms');
    }
    // The badge counts unread notifications across groups and shows only above zero.
    const unread = await page.evaluate(async () => {
      const res = await fetch('/api/auth/user', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      const groups = (await res.json()).data.notifications as Record<string, { unread: number }>;
      return Object.values(groups).reduce((sum, g) => sum + g.unread, 0);
    });
    const badge = page.getByTestId('unread-badge').first();
    if (unread > 0) await expect(badge).toHaveText(String(unread > 99 ? '99+' : unread));
    else await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  });
});
