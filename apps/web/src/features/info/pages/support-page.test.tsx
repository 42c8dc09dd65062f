import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TUser } from '@portal/contract';
import { initialAuthState } from '../../../lib/session/auth-slice';
import { jsonResponse, renderWithStore } from '../../../test/render';
import SupportPage from './support-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const USER: TUser = {
  id: 7,
  phone_number: '+77010000001',
  first_name: 'Aigerim',
  last_name: 'Sadykova',
  branch_id: 1,
  gender: 'female',
  date_of_birth: '1994-03-12',
  client_code: 'KZ-10001',
  role: 'customer',
  language: 'en',
  place: null,
  created_at: '2026-01-01T00:00:00Z',
  iin: null,
  personal_number: null,
  notifications: {},
};

const signedIn = { auth: { ...initialAuthState(null), token: 'tok', user: USER, isAuthenticated: true, isInitialized: true } };

describe('SupportPage', () => {
  it('checks the fields like the API, sends nothing until they are right, then shows the receipt', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const request = input instanceof Request ? input : new Request(input);
        bodies.push(await request.json());
        return jsonResponse(
          {
            data: {
              id: 41,
              category: 'payment',
              created_at: '2026-11-21T10:00:00Z',
              message: 'Thank you! Request No. 41 has been received.',
            },
          },
          201,
        );
      }),
    );
    renderWithStore(<SupportPage />, { preloadedState: signedIn });
    expect((screen.getByLabelText('Your name (optional)') as HTMLInputElement).value).toBe('Aigerim Sadykova');

    fireEvent.change(screen.getByLabelText('How to reach you'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a phone number or an e-mail')).toBeTruthy();
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(bodies).toEqual([]);

    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'payment' } });
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'Can I pay with Kaspi QR in Aktobe?' } });
    fireEvent.change(screen.getByLabelText('How to reach you'), { target: { value: '8 701 555 12 34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you! Request No. 41 has been received.')).toBeTruthy();
    expect(bodies).toEqual([
      { category: 'payment', message: 'Can I pay with Kaspi QR in Aktobe?', contact: '+77015551234', name: 'Aigerim Sadykova' },
    ]);
  });

  it('puts the API field errors under the fields and says when the limit is reached', async () => {
    let call = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const request = input instanceof Request ? input : new Request(input);
        // A signed-in customer's own requests are listed beside the form; only the sends are answered with errors.
        if (request.method === 'GET') return jsonResponse({ data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } });
        call += 1;
        if (call === 1)
          return jsonResponse(
            { message: 'Check the highlighted fields', code: 'validation_failed', errors: { message: ['The value is too long'] } },
            422,
          );
        return jsonResponse({ message: 'Too many requests. Try again in 3599 s', code: 'too_many_requests', retry_after: 3599 }, 429);
      }),
    );
    renderWithStore(<SupportPage />, { preloadedState: signedIn });
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'other' } });
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'A long enough question' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The value is too long')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByText('Too many requests. Try again in 3599 s')).toBeTruthy());
  });
});
