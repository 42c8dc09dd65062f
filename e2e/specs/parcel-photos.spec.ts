import { DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';

// A 2×2 JPEG, as a phone camera would send it (in small).
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAACAAIBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

// Photos by kind (ADR 081): the branch's clerk adds a damage photo from the parcel view; it shows under its kind and
// loads through its signed address. Another demo parcel than orders-browse's, which counts its photos.
test('a clerk adds a damage photo to a parcel at the branch and sees it under Damage @desktop', async ({ page, signInAs }) => {
  const code = 'ZTO77963401258';
  await signInAs(DEMO.branchStaff, '/manage?work=find');
  await page.getByTestId('find-input').fill(code);
  await page.getByTestId('find-input').press('Enter');
  await page.getByTestId('find-group-parcels').getByRole('button', { name: code }).click();
  await expect(page.getByTestId('find-photos')).toBeVisible();

  await page.getByTestId('add-photo-damage').setInputFiles({ name: 'dent.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await expect(page.getByTestId('added-photo-damage')).toHaveText(/Добавлено фото: 1/);
  const damage = page.getByTestId('photos-damage');
  await expect(damage).toContainText('Повреждения');
  const thumb = damage.getByRole('img').first();
  await expect(thumb).toHaveAttribute('src', /^\/uploads\/parcels\/[0-9a-f]{32}-t\.webp\?exp=\d+&sig=/);
  await expect.poll(() => thumb.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  // The address without its signature opens nothing.
  const src = (await thumb.getAttribute('src'))!;
  expect((await page.request.get(src.slice(0, src.indexOf('?')))).status()).toBe(403);
});
