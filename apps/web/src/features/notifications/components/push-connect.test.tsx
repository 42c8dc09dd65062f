import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/ui/toast';
import type * as ToastModule from '../../../lib/ui/toast';
import { renderWithStore } from '../../../test/render';
import { PushConnect } from './push-connect';

vi.mock('../../../lib/ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  notify: { success: vi.fn(), error: vi.fn(), warn: vi.fn() },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** A browser that knows web push, with no subscription yet; Notification.requestPermission answers `permission`. */
function pushBrowser(permission: NotificationPermission) {
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => permission) });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => undefined) },
  });
}

describe('PushConnect', () => {
  it('a refused permission is a warning (the customer can allow it in the browser), not an error', async () => {
    pushBrowser('denied');
    renderWithStore(<PushConnect state={{ channel: 'push', status: 'not_linked', unreachable_since: null, available: true }} />);
    fireEvent.click(await screen.findByTestId('push-on'));
    await waitFor(() =>
      expect(notify.warn).toHaveBeenCalledWith('The browser does not allow notifications: allow them for this site in its settings'),
    );
    expect(notify.error).not.toHaveBeenCalled();
  });
});
