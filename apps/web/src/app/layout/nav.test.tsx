import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TNotificationGroups } from '@portal/contract';
import { initialAuthState, notificationsReplaced } from '../../lib/session/auth-slice';
import { renderWithStore } from '../../test/render';
import { BottomBar } from './nav';

/** Notification groups with these unread counts (the list itself does not matter to the badge). */
const groups = (...unread: number[]): TNotificationGroups =>
  Object.fromEntries(unread.map((n, i) => [`group${i}`, { data: [], unread: n }]));

function renderBar(notifications: TNotificationGroups) {
  return renderWithStore(<BottomBar />, {
    preloadedState: { auth: { ...initialAuthState(null), token: 'tok', isAuthenticated: true, isInitialized: true, notifications } },
  });
}

describe('BottomBar unread badge (spec: shown only when the count is above zero)', () => {
  it('shows no badge when nothing is unread, with or without groups', () => {
    const { unmount } = renderBar({});
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    unmount();
    renderBar(groups(0, 0, 0));
    expect(screen.getByTestId('bottom-bar')).toBeTruthy();
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it('counts unread across every group, 99+ above 99', () => {
    const { unmount } = renderBar(groups(2, 0, 1));
    expect(screen.getByTestId('unread-badge').textContent).toBe('3');
    unmount();
    renderBar(groups(60, 45));
    expect(screen.getByTestId('unread-badge').textContent).toBe('99+');
  });

  it('goes away when the last unread one is read, and comes back with a new one', () => {
    const { store } = renderBar(groups(1));
    expect(screen.getByTestId('unread-badge').textContent).toBe('1');
    act(() => {
      store.dispatch(notificationsReplaced(groups(0)));
    });
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    act(() => {
      store.dispatch(notificationsReplaced(groups(0, 1)));
    });
    expect(screen.getByTestId('unread-badge').textContent).toBe('1');
  });
});
