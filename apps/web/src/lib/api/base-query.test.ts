import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { initialAuthState } from '../session/auth-slice';
import { jsonResponse } from '../../test/render';
import { TEST_USER as USER } from '../../test/user';
import { makeBaseQuery } from './base-query';

function signedIn(token: string | null) {
  return makeStore({ auth: { ...initialAuthState(null), token, user: USER, isAuthenticated: true, isInitialized: true } });
}

function apiFor(store: ReturnType<typeof makeStore>): BaseQueryApi {
  return {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: store.dispatch,
    getState: store.getState,
    extra: undefined,
    endpoint: 'test',
    type: 'query',
  };
}

/** A fetch double that records the requests it got. */
function mockFetch(handler: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    requests.push(request);
    return handler(request);
  });
  return Object.assign(fn, { requests });
}

const bearer = (request: Request) => request.headers.get('authorization');
const path = (request: Request) => new URL(request.url).pathname;

describe('base query', () => {
  it('sends the token, JSON Accept and the stored language', async () => {
    const store = signedIn('tok');
    const fetchFn = mockFetch(async (_request: Request) => jsonResponse({ data: 1 }));
    const query = makeBaseQuery({ baseUrl: 'http://api.test/api', fetchFn });
    await query('orders', apiFor(store), {});
    const request = fetchFn.requests[0]!;
    expect(bearer(request)).toBe('Bearer tok');
    expect(request.headers.get('accept')).toBe('application/json');
    expect(request.headers.get('accept-language')).toBe('ru');
  });

  it('answers several concurrent 401s with exactly one refresh, then retries each request once', async () => {
    const store = signedIn('old');
    localStorage.setItem('token', 'old');
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const fetchFn = mockFetch(async (request: Request) => {
      if (path(request) === '/api/auth/refresh') {
        expect(bearer(request)).toBe('Bearer old');
        await refreshGate;
        return jsonResponse({ data: { token: 'new', expires_in: 900 } });
      }
      return bearer(request) === 'Bearer new'
        ? jsonResponse({ data: path(request) })
        : jsonResponse({ message: 'expired', code: 'token_expired' }, 401);
    });
    const query = makeBaseQuery({ baseUrl: 'http://api.test/api', fetchFn });
    const api = apiFor(store);
    const pending = Promise.all(['orders', 'saved-tracks', 'auth/user', 'orders/statuses'].map((url) => query(url, api, {})));
    // Let every request get its 401 before the refresh answers.
    await vi.waitFor(() => expect(fetchFn.requests.filter((r) => path(r) === '/api/auth/refresh')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    releaseRefresh();
    const results = await pending;

    expect(results.map((r) => r.data)).toEqual([
      { data: '/api/orders' },
      { data: '/api/saved-tracks' },
      { data: '/api/auth/user' },
      { data: '/api/orders/statuses' },
    ]);
    const calls = fetchFn.requests.map((r) => `${path(r)} ${bearer(r)}`);
    expect(calls.filter((c) => c.startsWith('/api/auth/refresh'))).toHaveLength(1);
    for (const url of ['/api/orders', '/api/saved-tracks', '/api/auth/user', '/api/orders/statuses']) {
      expect(calls.filter((c) => c === `${url} Bearer old`)).toHaveLength(1);
      expect(calls.filter((c) => c === `${url} Bearer new`)).toHaveLength(1);
    }
    expect(store.getState().auth.token).toBe('new');
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(localStorage.getItem('token')).toBe('new');
  });

  it('retries a request only once: a second 401 is returned as it is', async () => {
    const store = signedIn('old');
    const fetchFn = mockFetch(async (request: Request) =>
      path(request) === '/api/auth/refresh'
        ? jsonResponse({ data: { token: 'new', expires_in: 900 } })
        : jsonResponse({ message: 'no', code: 'unauthenticated' }, 401),
    );
    const query = makeBaseQuery({ baseUrl: 'http://api.test/api', fetchFn });
    const result = await query('orders', apiFor(store), {});
    expect(result.error).toMatchObject({ status: 401 });
    expect(fetchFn.requests.map((r) => path(r))).toEqual(['/api/orders', '/api/auth/refresh', '/api/orders']);
  });

  it('signs out when the refresh is refused', async () => {
    const store = signedIn('old');
    localStorage.setItem('token', 'old');
    const fetchFn = mockFetch(async (request: Request) =>
      path(request) === '/api/auth/refresh'
        ? jsonResponse({ message: 'no', code: 'unauthenticated' }, 401)
        : jsonResponse({ message: 'expired', code: 'token_expired' }, 401),
    );
    const query = makeBaseQuery({ baseUrl: 'http://api.test/api', fetchFn });
    const results = await Promise.all([query('orders', apiFor(store), {}), query('saved-tracks', apiFor(store), {})]);
    expect(results.every((r) => r.error?.status === 401)).toBe(true);
    expect(fetchFn.requests.filter((r) => path(r) === '/api/auth/refresh')).toHaveLength(1);
    const { auth } = store.getState();
    expect(auth.token).toBeNull();
    expect(auth.user).toBeNull();
    expect(auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    const store = signedIn('old');
    const fetchFn = mockFetch(async (request: Request) => {
      if (path(request) === '/api/auth/refresh') throw new TypeError('Failed to fetch');
      return jsonResponse({ message: 'expired', code: 'token_expired' }, 401);
    });
    const query = makeBaseQuery({ baseUrl: 'http://api.test/api', fetchFn });
    const result = await query('orders', apiFor(store), {});
    expect(result.error).toMatchObject({ status: 401 });
    expect(store.getState().auth.token).toBe('old');
    expect(store.getState().auth.isAuthenticated).toBe(true);
  });

  it('with no token, clears the session and still sends the request', async () => {
    const store = signedIn(null);
    const fetchFn = mockFetch(async (_request: Request) => jsonResponse({ data: [] }));
    const query = makeBaseQuery({ baseUrl: 'http://api.test/api', fetchFn });
    const result = await query('countries', apiFor(store), {});
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(bearer(fetchFn.requests[0]!)).toBeNull();
    expect(result.data).toEqual({ data: [] });
    const { auth } = store.getState();
    expect(auth.isAuthenticated).toBe(false);
    expect(auth.user).toBeNull();
    expect(auth.isInitialized).toBe(true);
  });

  it('never refreshes after a failed login (its 401 means wrong credentials)', async () => {
    const store = signedIn('tok');
    const fetchFn = mockFetch(async (_request: Request) =>
      jsonResponse({ message: 'Wrong phone number or password', code: 'invalid_credentials' }, 401),
    );
    const query = makeBaseQuery({ baseUrl: 'http://api.test/api', fetchFn });
    const result = await query({ url: 'auth/login', method: 'POST', body: {} }, apiFor(store), {});
    expect(result.error).toMatchObject({ status: 401 });
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(store.getState().auth.token).toBe('tok');
  });
});
