import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../src/lib/secret-box';

describe('SecretBox (merchant credentials at rest, ADR 077)', () => {
  const key = randomBytes(32).toString('base64');

  it('opens what it sealed, and the sealed text shows nothing of the secret', () => {
    const box = new SecretBox(key);
    const sealed = box.seal({ api_secret: 'sk_live_verysecret' });
    expect(sealed).not.toContain('verysecret');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed)).toEqual({ api_secret: 'sk_live_verysecret' });
    // A fresh IV each time: the same secret never seals to the same text.
    expect(box.seal({ api_secret: 'sk_live_verysecret' })).not.toBe(sealed);
  });

  it('refuses another key, a changed byte and a hex key of the wrong size', () => {
    const sealed = new SecretBox(key).seal({ a: 1 });
    expect(() => new SecretBox(randomBytes(32).toString('hex')).open(sealed)).toThrow();
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0] = data[0]! ^ 1;
    expect(() => new SecretBox(key).open([parts[0], parts[1], parts[2], data.toString('base64url')].join('.'))).toThrow();
    expect(() => new SecretBox('00'.repeat(16))).toThrow();
  });
});
