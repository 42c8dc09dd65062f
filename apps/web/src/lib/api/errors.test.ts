import { describe, expect, it } from 'vitest';
import { i18next, loadLanguage } from '../i18n/i18n';
import { describeApiError, translateFieldMessage } from './errors';

const t = i18next.t.bind(i18next);

describe('describeApiError', () => {
  it('gives friendly texts for the transport error kinds', () => {
    expect(describeApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, t)).toMatchObject({
      code: 'FETCH_ERROR',
      message: 'No connection to the server. Check your internet and try again.',
    });
    expect(describeApiError({ status: 'TIMEOUT_ERROR', error: 'AbortError' }, t).message).toBe(
      'The server is taking too long to answer. Please try again.',
    );
    expect(describeApiError({ status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'SyntaxError' }, t).message).toBe(
      'The server sent an answer we could not read. Please try again.',
    );
    // A proxy's HTML error page in front of the API is a server problem, not a parsing one.
    expect(describeApiError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' }, t).message).toBe(
      'Something went wrong on our side. Please try again later.',
    );
  });

  it("keeps the API's own message, code, field errors and retry time", () => {
    const info = describeApiError(
      {
        status: 429,
        data: {
          message: 'You can request a new code in 42 s',
          code: 'code_resend_too_soon',
          retry_after: 42,
          errors: { phone_number: ['x'] },
        },
      },
      t,
    );
    expect(info).toEqual({
      message: 'You can request a new code in 42 s',
      code: 'code_resend_too_soon',
      status: 429,
      retryAfter: 42,
      fields: { phone_number: ['x'] },
    });
  });

  it('falls back by status for bodies that are not the API envelope', () => {
    expect(describeApiError({ status: 503, data: 'down' }, t).message).toBe('Something went wrong on our side. Please try again later.');
    expect(describeApiError({ status: 404, data: null }, t).message).toBe('Not found.');
  });
});

describe('translateFieldMessage', () => {
  it('shows the contract validation keys as the spec texts in the current language', async () => {
    expect(translateFieldMessage('validation.phone_required', t)).toBe('Enter phone number');
    expect(translateFieldMessage('validation.code_incomplete', t)).toBe('Enter the full code!');
    await loadLanguage('ru');
    await i18next.changeLanguage('ru');
    try {
      expect(translateFieldMessage('validation.passwords_must_match', t)).toBe('Пароли должны совпадать');
    } finally {
      await i18next.changeLanguage('en');
    }
    // Messages the API already translated are shown as they are.
    expect(translateFieldMessage('Этот номер телефона уже зарегистрирован', t)).toBe('Этот номер телефона уже зарегистрирован');
  });
});
