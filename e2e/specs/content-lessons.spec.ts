import { DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';
import { chooseLanguage, flipTheme, offline } from './content-helpers';

test.describe('free lessons', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await offline(context, baseURL);
  });

  test('list, then one lesson step by step, with the step in the breadcrumbs @mobile', async ({ page, signInAs }) => {
    await signInAs(DEMO.customer, '/free-lessons');
    await expect(page.getByRole('heading', { level: 1, name: 'Бесплатные уроки' })).toBeVisible();
    await expect(page.getByTestId('lesson-card')).toHaveCount(5);
    await page.getByRole('link', { name: 'Как покупать на Taobao, 1688, Pinduoduo и Poizon' }).click();

    const crumbs = page.getByTestId('breadcrumbs').getByRole('listitem');
    await expect(page.getByRole('heading', { level: 1, name: 'Как покупать на Taobao, 1688, Pinduoduo и Poizon' })).toBeVisible();
    await expect(crumbs).toHaveText(['Главная', 'Бесплатные уроки', 'Как покупать на Taobao, 1688, Pinduoduo и Poizon']);
    await expect(page.getByRole('navigation', { name: 'Шаги урока' }).getByRole('listitem')).toHaveText([
      /Установите приложение/,
      /Добавьте адрес доставки/,
      /Выберите надёжного продавца/,
      /Оплатите заказ/,
      /Скопируйте трек-код/,
    ]);

    await page.getByTestId('lesson-start').click();
    await expect(page).toHaveURL(/\?step=1$/);
    await expect(page.getByText('Шаг 1 из 5')).toBeVisible();
    await expect(crumbs).toHaveText(['Главная', 'Бесплатные уроки', 'Урок', 'Шаг 1']);
    await page.getByTestId('lesson-next').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Добавьте адрес доставки' })).toBeVisible();
    await expect(crumbs).toHaveText(['Главная', 'Бесплатные уроки', 'Урок', 'Шаг 2']);
    await page.getByTestId('step-link-5').click();
    await expect(page.getByText('Шаг 5 из 5')).toBeVisible();
    await page.getByTestId('lesson-finish').click();
    await expect(page).toHaveURL(/\/free-lessons$/);
  });

  test('an unknown lesson or step @desktop', async ({ page, signInAs }) => {
    await signInAs(DEMO.customer, '/free-lessons/424242');
    await expect(page.getByRole('heading', { name: 'Урок не найден' })).toBeVisible();
    await page.goto('/free-lessons/1?step=99');
    await expect(page).toHaveURL(/\/free-lessons\/1$/);
    await expect(page.getByTestId('lesson-start')).toBeVisible();
  });

  test('switches language and theme on a lesson @mobile', async ({ page, signInAs }) => {
    await signInAs(DEMO.customer, '/free-lessons/1?step=2');
    await expect(page.getByRole('heading', { level: 2, name: 'Подтвердите код из SMS' })).toBeVisible();
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { level: 2, name: 'Confirm the SMS code' })).toBeVisible();
    await expect(page.getByTestId('breadcrumbs').getByRole('listitem')).toHaveText(['Home', 'Free lessons', 'Lesson', 'Step 2']);
    await chooseLanguage(page, 'Қазақша');
    await expect(page.getByRole('heading', { level: 2, name: 'SMS-тегі кодты растаңыз' })).toBeVisible();
    await flipTheme(page);
  });
});
