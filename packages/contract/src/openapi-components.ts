import { z } from 'zod';
import * as contract from './index';

/**
 * The schemas the OpenAPI document names as shared components (`#/components/schemas/<id>`), so a client generated
 * from it has one `Order`, one `Branch`, one `ErrorBody` … instead of an anonymous copy in every operation. Its own
 * registry (not zod's global one): the API's response serializers convert the same schemas with everything inlined.
 * Only the API imports this file (`@portal/contract/openapi-components`); the web app never loads it.
 */
export const openapiComponents = z.registry<{ id: string }>();

const COMPONENTS = {
  ErrorBody: contract.ZErrorBody,
  PageMeta: contract.ZPageMeta,
  Ok: contract.ZOk,
  User: contract.ZUser,
  PublicUser: contract.ZPublicUser,
  Order: contract.ZOrder,
  OrderStatusRef: contract.ZOrderStatusRef,
  OrderTimeline: contract.ZOrderTimeline,
  Branch: contract.ZBranch,
  BranchRef: contract.ZBranchRef,
  Notification: contract.ZNotification,
  Receipt: contract.ZReceipt,
  ReceiptItem: contract.ZReceiptItem,
  SavedTrack: contract.ZSavedTrack,
  QrCode: contract.ZQrCode,
  ManageParcel: contract.ZManageParcel,
  ParcelDetail: contract.ZParcelDetail,
  CustomerSummary: contract.ZCustomerSummary,
  Flight: contract.ZFlight,
  Payment: contract.ZPayment,
  Balance: contract.ZBalance,
  AdminUser: contract.ZAdminUser,
} satisfies Record<string, z.ZodType>;

for (const [id, schema] of Object.entries(COMPONENTS)) openapiComponents.add(schema, { id });

/**
 * The operation's id in the document when its route names none: the method and the path's words in camel case, a
 * path parameter as `By<Name>` (`GET /api/orders/:id` → `getOrdersById`), unique as the routes are.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((part) => part && part !== 'api')
    .flatMap((part) => (part.startsWith(':') ? ['by', ...part.slice(1).split(/[-_.]/)] : part.split(/[-_.]/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}
