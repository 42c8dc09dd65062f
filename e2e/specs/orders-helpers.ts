import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO } from '../support/env';
import { apiLogin, expect, type Account } from '../support/fixtures';

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const body = await response.json();
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${JSON.stringify(body)}`);
  return body as T;
}

let counter = 0;
/** A tracking code no other test uses. */
export function uniqueCode(prefix: string, project: string): string {
  counter += 1;
  return `${prefix}${project === 'mobile' ? 'M' : 'D'}${Date.now().toString(36).toUpperCase()}${counter}`;
}

type Stage = 'china_warehouse' | 'in_transit' | 'at_branch' | 'delivered';
const STAGES: Stage[] = ['china_warehouse', 'in_transit', 'at_branch', 'delivered'];

/**
 * Gives a customer a real parcel that went through the lifecycle up to `stage`, the way the carrier's staff move it:
 * the customer saves the code, warehouse staff receive and dispatch it, branch staff take it in and hand it over.
 */
export async function parcelFor(request: APIRequestContext, customer: Account, code: string, stage: Stage, name?: string): Promise<number> {
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  await ok(await request.post('/api/save-track', { headers: as(customer.token), data: { track_code: code, ...(name ? { name } : {}) } }));
  const warehouse = await apiLogin(request, DEMO.warehouseStaff);
  const received = await ok<{ data: { parcel: { id: number } } }>(
    await request.post('/api/manage/receive', { headers: as(warehouse), data: { track_code: code, weight: 1.25 } }),
  );
  const id = received.data.parcel.id;
  const upTo = STAGES.indexOf(stage);
  if (upTo >= 1) await ok(await request.post('/api/manage/dispatch', { headers: as(warehouse), data: { track_codes: [code] } }));
  if (upTo >= 2) {
    const branch = await apiLogin(request, DEMO.branchStaff);
    await ok(await request.post('/api/manage/arrive', { headers: as(branch), data: { track_codes: [code] } }));
    if (upTo >= 3) {
      const me = await ok<{ data: { id: number } }>(await request.get('/api/auth/user', { headers: as(customer.token) }));
      await ok(
        await request.post('/api/orders/complete', {
          headers: as(branch),
          data: { customer_id: me.data.id, order_ids: [id], payment_method: 'cash' },
        }),
      );
    }
  }
  return id;
}

/** The card of one order on /orders. */
export const orderCard = (page: Page, code: string): Locator => page.getByTestId('order-card').filter({ hasText: code });

/** The unread badge that is on screen (bottom bar on phones, header bell on wide screens). */
export const visibleBadge = (page: Page): Locator => page.locator('[data-testid=unread-badge]:visible');

/** A toast with this text. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.locator('.Toastify').getByText(text).first()).toBeVisible();
}
