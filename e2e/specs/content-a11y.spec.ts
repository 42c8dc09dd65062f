import { type AxePage, axeWalk } from '../support/axe';
import { DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';
import { offline, revealDeferred } from './content-helpers';

const PAGES: AxePage[] = [
  {
    path: '/',
    ready: async (p) => {
      await revealDeferred(p);
      await expect(p.getByTestId('news-card').first()).toBeVisible();
    },
  },
  { path: '/branches', ready: (p) => expect(p.getByTestId('branch-card').first()).toBeVisible() },
  { path: '/branches?view=map', ready: (p) => expect(p.getByTestId('branches-map')).toBeVisible() },
  { path: '/branches/1', ready: (p) => expect(p.getByTestId('price-calculator')).toBeVisible() },
  { path: '/free-lessons', ready: (p) => expect(p.getByTestId('lesson-card').first()).toBeVisible() },
  { path: '/free-lessons/1', ready: (p) => expect(p.getByTestId('lesson-start')).toBeVisible() },
  { path: '/free-lessons/1?step=2', ready: (p) => expect(p.getByTestId('lesson-step')).toBeVisible() },
  { path: '/prohibited-items', ready: (p) => expect(p.getByTestId('prohibited-item').first()).toBeVisible() },
  { path: '/faq', ready: (p) => expect(p.getByTestId('faq-item').first()).toBeVisible() },
  { path: '/support', ready: (p) => expect(p.getByTestId('support-submit')).toBeVisible() },
  { path: '/contacts', ready: (p) => expect(p.getByTestId('contact-phone')).toBeVisible() },
];

test.describe('accessibility (axe): no serious or critical violation, both themes', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await offline(context, baseURL);
  });

  // Both themes are checked, each at one width (dark on the phone, light on the desktop), as in a11y-auth: the four
  // theme × width runs took over 4 minutes of CI's browser stage, and contrast depends on the theme, not the width.
  test('content pages, dark on the phone and light on the desktop', async ({ page, signInAs, mobile }) => {
    const theme = mobile ? 'dark' : 'light';
    // Eleven pages, each with an axe run: over a minute on a 2-core CI machine.
    test.setTimeout(240_000);
    await page.goto('/legal/terms.html');
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await signInAs(DEMO.customer, '/');
    expect(await axeWalk(page, PAGES)).toEqual([]);
  });
});
