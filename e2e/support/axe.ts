import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** A page to walk: its address and what shows it is drawn. */
export interface AxePage {
  path: string;
  ready: (page: Page) => Promise<void>;
}

/**
 * Opens each page, waits until it is drawn (and 400 ms for entrance animations and lazy chunks, before contrast is
 * measured) and answers every serious or critical WCAG 2.1 A/AA finding as "path: rule (impact) targets".
 */
export async function axeWalk(page: Page, pages: AxePage[]): Promise<string[]> {
  const problems: string[] = [];
  for (const { path, ready } of pages) {
    await page.goto(path);
    await ready(page);
    await page.waitForTimeout(400);
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const v of result.violations) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue;
      const targets = v.nodes.map((n) => n.target.join(' ')).slice(0, 3);
      problems.push(`${path}: ${v.id} (${v.impact}) ${targets.join(' | ')}`);
    }
  }
  return problems;
}
