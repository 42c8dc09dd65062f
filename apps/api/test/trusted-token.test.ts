import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { QR_TOKEN_PREFIX, TRUSTED_TOKEN_PREFIX } from '@portal/contract';
import { TrustedTokenService } from '../src/modules/trusted/trusted-token';
import { trustedPassSms } from '../src/modules/trusted/trusted-texts';

/** The trusted person's token (ADR 091): compact enough for one SMS line, and nothing about it can be changed. */
const service = new TrustedTokenService('a-secret-of-the-test-at-least-32-chars');
const later = new Date(Date.now() + 3 * 86_400_000);

describe('trusted token', () => {
  it('is about 50 characters and names its grant and version', async () => {
    const token = await service.sign({ id: 4242, version: 3 }, later);
    expect(token.startsWith(TRUSTED_TOKEN_PREFIX)).toBe(true);
    expect(token.length).toBeLessThanOrEqual(60);
    expect(await service.verify(` ${token} `)).toEqual({ grantId: 4242, version: 3 });
  });

  it('refuses any changed part, another key, a customer prefix and malformed text; says expired once past its time', async () => {
    const token = await service.sign({ id: 42, version: 1 }, later);
    const [grant, version, exp, mac] = token.slice(TRUSTED_TOKEN_PREFIX.length).split('.') as [string, string, string, string];
    const variants = [
      `${43}.${version}.${exp}.${mac}`,
      `${grant}.${2}.${exp}.${mac}`,
      `${grant}.${version}.${Number(exp) + 86_400}.${mac}`,
      // The last character: its low 4 bits carry nothing, yet a changed one must not pass either.
      `${grant}.${version}.${exp}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${grant}.${version}.${exp}.${mac.slice(0, 5)}${mac[5] === 'x' ? 'y' : 'x'}${mac.slice(6)}`,
    ];
    for (const v of variants) expect(await service.verify(`${TRUSTED_TOKEN_PREFIX}${v}`), v).toBeNull();
    expect(await new TrustedTokenService('another-secret-of-the-test-32-chars!!').verify(token)).toBeNull();
    expect(await service.verify(`${QR_TOKEN_PREFIX}${token.slice(TRUSTED_TOKEN_PREFIX.length)}`)).toBeNull();
    for (const junk of ['', TRUSTED_TOKEN_PREFIX, `${TRUSTED_TOKEN_PREFIX}1.1.1`, `${TRUSTED_TOKEN_PREFIX}${'9'.repeat(2000)}`]) {
      expect(await service.verify(junk)).toBeNull();
    }
    expect(await service.verify(token, new Date(later.getTime() + 1000))).toBe('expired');
  });

  it('still reads a JWT-form token signed before the compact form, until it expires', async () => {
    const key = new Uint8Array(createHmac('sha256', 'a-secret-of-the-test-at-least-32-chars').update('trusted-qr-v1').digest());
    const jwt = (exp: Date) =>
      new SignJWT({ v: 2 })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('cargo-portal/trusted')
        .setSubject('77')
        .setIssuedAt()
        .setExpirationTime(Math.floor(exp.getTime() / 1000))
        .sign(key);
    expect(await service.verify(`${TRUSTED_TOKEN_PREFIX}${await jwt(later)}`)).toEqual({ grantId: 77, version: 2 });
    expect(await service.verify(`${TRUSTED_TOKEN_PREFIX}${await jwt(new Date(Date.now() - 1000))}`)).toBe('expired');
  });
});

describe('the SMS to a trusted person', () => {
  const p = { site: 'Orda Cargo', customer: 'Aigerim', count: 1, branch: 'Almaty', link: 'https://x/trusted-pass?t=QRT1.1.1.1.a' };
  it('names one day once, and a span from–to, in the customer’s language', () => {
    expect(trustedPassSms({ ...p, from: '2026-11-30', to: '2026-11-30' }, 'en')).toContain(', 30 Nov 2026; show');
    expect(trustedPassSms({ ...p, from: '2026-11-30', to: '2026-12-02' }, 'en')).toContain(', 30 Nov 2026 – 2 Dec 2026; show');
    expect(trustedPassSms({ ...p, from: '2026-11-30', to: '2026-11-30' }, 'ru')).toContain('30 нояб. 2026 г.; покажите');
  });
});
