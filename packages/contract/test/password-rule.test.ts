import { describe, expect, it } from 'vitest';
import { MSG, passwordWeakness, VALIDATION_MESSAGES, ZRegisterRequest, ZUpdatePasswordRequest } from '../src';

const PHONE = '+77051234567';

describe('the new-password rule (passwordWeakness)', () => {
  it.each([
    ['abcabc', MSG.passwordRepeated],
    ['xyzxyz', MSG.passwordRepeated],
    ['19901990', MSG.passwordRepeated],
    ['aaaaaa', MSG.passwordRepeated],
    ['aB3$aB3$aB3$', MSG.passwordRepeated],
    ['abcdefgh', MSG.passwordSequence],
    ['987654', MSG.passwordSequence],
    ['zxcvbnm,./', MSG.passwordKeyboard],
    ['asdfghjkl;', MSG.passwordKeyboard],
    ['19.05.1990', MSG.passwordDate],
    ['qwerty', MSG.passwordTooCommon],
    ['password', MSG.passwordTooCommon],
    ['P@ssw0rd', MSG.passwordTooCommon],
    ['iloveyou', MSG.passwordTooCommon],
    ['7051234567', MSG.passwordIsPhone],
    ['87051234567', MSG.passwordIsPhone],
  ])('refuses %s with its reason', (password, reason) => {
    expect(passwordWeakness(password, PHONE)).toBe(reason);
  });

  it.each(['Orda-demo-2026', 'Steppe-Fox-42', 'Karaganda-Steppe-77', 'Tulpar-Crosses-Steppe-8', 'a-long-passphrase', 'k7#pQ2', 'Kz2026!!'])(
    'accepts %s',
    (password) => {
      expect(passwordWeakness(password, PHONE)).toBeNull();
    },
  );

  it('estimates a long password by its start, quickly (the request waits for it)', () => {
    passwordWeakness('warm-Up-Password-1');
    const adversarial = ['4@1!3$0|'.repeat(16), 'p4ssw0rd'.repeat(16), '|!1'.repeat(42), `Steppe-Fox-42${'x'.repeat(100)}`];
    const started = performance.now();
    const answers = adversarial.map((p) => passwordWeakness(p));
    // Generous for a loaded machine: 128 characters unbounded took 0.4–0.8 s each there.
    expect(performance.now() - started).toBeLessThan(1500);
    expect(answers.slice(0, 3).every((a) => a !== null)).toBe(true);
    expect(answers[3]).toBeNull();
  });

  it('is in the register and reset schemas, with its messages in kk, ru and en', () => {
    const base = { phone_number: PHONE, verification_token: 't', password: 'abcabc', password_confirmation: 'abcabc' };
    const reset = ZUpdatePasswordRequest.safeParse(base);
    expect(reset.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['password', MSG.passwordRepeated]]);
    const register = ZRegisterRequest.safeParse({
      ...base,
      first_name: 'A',
      last_name: 'B',
      branch_id: 1,
      gender: 'male',
      date_of_birth: '1990-01-01',
    });
    expect(register.error?.issues.map((i) => i.message)).toEqual([MSG.passwordRepeated]);
    for (const key of [MSG.passwordRepeated, MSG.passwordSequence, MSG.passwordKeyboard, MSG.passwordDate, MSG.passwordWeak])
      for (const lang of ['kk', 'ru', 'en'] as const) expect(VALIDATION_MESSAGES[lang][key]).toBeTruthy();
    expect(VALIDATION_MESSAGES.ru[MSG.passwordRepeated]).toContain('abcabc');
    // The spec's minimum keeps its own message.
    expect(ZUpdatePasswordRequest.safeParse({ ...base, password: 'abc', password_confirmation: 'abc' }).error?.issues[0]?.message).toBe(
      MSG.passwordMin,
    );
  });
});
