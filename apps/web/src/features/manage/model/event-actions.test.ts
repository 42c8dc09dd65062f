import { describe, expect, it } from 'vitest';
import { ORDER_EVENT_ACTIONS } from '@portal/contract';
import en from '../locales/en/manage.json';
import kk from '../locales/kk/manage.json';
import ru from '../locales/ru/manage.json';

/** Staff's parcel history shows the raw code when a label is missing (`defaultValue`): every action needs one. */
describe('parcel history labels (staff)', () => {
  for (const [lang, texts] of Object.entries({ kk, ru, en })) {
    it(`${lang}: every history action of the contract has its own label, never the raw code`, () => {
      const labels = texts.action as Record<string, string>;
      for (const action of ORDER_EVENT_ACTIONS) {
        expect(labels[action], `action.${action}`).toBeTruthy();
        expect(labels[action]).not.toBe(action);
        expect(labels[action]).not.toMatch(/^[a-z_]+$/);
      }
    });
  }
});
