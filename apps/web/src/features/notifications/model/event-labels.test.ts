import { describe, expect, it } from 'vitest';
import { DELIVERY_CHANNELS, NOTIFICATION_EVENTS, PREFERENCE_CHANNELS } from '@portal/contract';
import en from '../../../locales/en/notifications.json';
import kk from '../../../locales/kk/notifications.json';
import ru from '../../../locales/ru/notifications.json';

/** The contract's event list is the one place events are added: the profile needs a label for each, in every language. */
describe('notification settings labels', () => {
  for (const [lang, texts] of Object.entries({ kk, ru, en })) {
    it(`${lang}: every event of the contract and every channel has its label`, () => {
      const s = texts.settings as {
        event: Record<string, string>;
        channel: Record<string, string>;
        channel_short: Record<string, string>;
        status: Record<string, string>;
      };
      for (const event of NOTIFICATION_EVENTS) expect(s.event[event], `settings.event.${event}`).toBeTruthy();
      for (const channel of PREFERENCE_CHANNELS) {
        expect(s.channel[channel], `settings.channel.${channel}`).toBeTruthy();
        expect(s.channel_short[channel], `settings.channel_short.${channel}`).toBeTruthy();
      }
      expect(DELIVERY_CHANNELS.every((c) => PREFERENCE_CHANNELS.includes(c))).toBe(true);
    });
  }
});
