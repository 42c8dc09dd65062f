import { DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';

// Kazakh at 320px: labels break between words only, and a tracking code is never split across lines.
test('@mobile order cards at 320px in Kazakh keep words and tracking codes whole', async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.addInitScript(() => localStorage.setItem('lang', 'kk'));
  await signInAs(DEMO.customer, '/orders');
  const cards = page.getByTestId('order-card');
  await expect(cards.first()).toBeVisible();
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    for (const card of document.querySelectorAll('[data-testid=order-card]')) {
      const code = card.querySelector<HTMLElement>('[data-testid=order-track-code]')!;
      const line = parseFloat(getComputedStyle(code).lineHeight) || 20;
      if (code.getBoundingClientRect().height > line * 1.5) found.push(`code wraps: ${code.textContent}`);
      for (const label of card.querySelectorAll('dt, dd')) {
        const text = label.firstChild;
        if (!(text instanceof Text)) continue;
        for (const match of text.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          if (range.getClientRects().length > 1) found.push(`word broken: ${match[0]}`);
        }
      }
    }
    return found;
  });
  expect(problems).toEqual([]);
});
