import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TNotification, TNotificationGroups, TUser } from '@portal/contract';
import { initialAuthState, selectUnreadCount } from '../../../lib/session/auth-slice';
import { jsonResponse, renderWithStore } from '../../../test/render';
import NotificationTypePage from './notification-type-page';
import { TEST_USER } from '../../../test/user';

afterEach(() => {
  vi.unstubAllGlobals();
});

const note = (id: number, type: TNotification['type'], read: boolean): TNotification => ({
  id,
  type,
  title: `Title ${id}`,
  body: `Body ${id}`,
  link: type === 'orders' ? `/orders/order?id=${id}` : null,
  read,
  new: !read,
  created_at: '2026-11-20T10:00:00Z',
});

const groups = (ordersRead: boolean): TNotificationGroups => ({
  orders: { data: [note(3, 'orders', ordersRead), note(2, 'orders', ordersRead), note(1, 'orders', true)], unread: ordersRead ? 0 : 2 },
  news: { data: [note(10, 'news', false)], unread: 1 },
  system: { data: [], unread: 0 },
});

const USER: TUser = { ...TEST_USER, id: 7, language: 'en', notifications: groups(false) };

describe('NotificationTypePage', () => {
  it('marks the group read on opening; the answer replaces the list in the store, so the badge count drops', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const request = input instanceof Request ? input : new Request(input);
        if (new URL(request.url).pathname === '/api/notifications/read') {
          bodies.push(await request.json());
          return jsonResponse({ data: groups(true) });
        }
        return jsonResponse({ data: [] });
      }),
    );
    const { store } = renderWithStore(
      <Routes>
        <Route path="/notification/:type" element={<NotificationTypePage />} />
      </Routes>,
      {
        route: '/notification/orders',
        preloadedState: {
          auth: {
            ...initialAuthState(null),
            token: 'tok',
            user: USER,
            notifications: USER.notifications,
            isAuthenticated: true,
            isInitialized: true,
          },
        },
      },
    );
    expect(selectUnreadCount(store.getState())).toBe(3);
    expect(await screen.findByText('Title 3')).toBeTruthy();
    await waitFor(() => expect(selectUnreadCount(store.getState())).toBe(1));
    expect(bodies).toEqual([{ type: 'orders' }]);
    expect(store.getState().auth.notifications.orders?.unread).toBe(0);
    expect(store.getState().auth.user?.notifications.orders?.unread).toBe(0);
    // What was unread when the page opened stays marked during the visit.
    expect(screen.getAllByText('New')).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Open' })[0]?.getAttribute('href')).toBe('/orders/order?id=3');
  });

  it('answers an unknown group with a clear state and calls nothing', async () => {
    const fetchSpy = vi.fn(async () => jsonResponse({ data: {} }));
    vi.stubGlobal('fetch', fetchSpy);
    renderWithStore(
      <Routes>
        <Route path="/notification/:type" element={<NotificationTypePage />} />
      </Routes>,
      {
        route: '/notification/bogus',
        preloadedState: {
          auth: {
            ...initialAuthState(null),
            token: 'tok',
            user: USER,
            notifications: USER.notifications,
            isAuthenticated: true,
            isInitialized: true,
          },
        },
      },
    );
    expect(await screen.findByText('There are no such notifications')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
