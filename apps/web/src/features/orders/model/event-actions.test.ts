import { describe, expect, it } from 'vitest';
import { ORDER_EVENT_ACTIONS } from '@portal/contract';
import en from '../../../locales/en/orders.json';
import kk from '../../../locales/kk/orders.json';
import ru from '../../../locales/ru/orders.json';

/**
 * The contract's list of history actions is where an action is added: the customer's timeline needs its words in
 * every language, or the page would fall back to "Updated" (and staff's history, which reads manage.json, to the raw
 * code: features/manage/model/event-actions.test.ts walks the same list there).
 */
describe('order history labels (customer timeline)', () => {
  for (const [lang, texts] of Object.entries({ kk, ru, en })) {
    it(`${lang}: every history action of the contract has its own label, never the raw code`, () => {
      const labels = texts.timeline.action as Record<string, string>;
      for (const action of ORDER_EVENT_ACTIONS) {
        expect(labels[action], `timeline.action.${action}`).toBeTruthy();
        expect(labels[action]).not.toBe(action);
        expect(labels[action]).not.toMatch(/^[a-z_]+$/);
      }
    });
  }
});
