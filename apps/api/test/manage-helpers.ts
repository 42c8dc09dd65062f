import { staffAt } from './factories';
import { client, type TestContext } from './helpers';

export interface Staff {
  warehouse: string;
  branch: string;
  admin: string;
  /** Staff of another branch than the demo branch staff. */
  otherBranch: string;
  branchId: number;
  otherBranchId: number;
}

let codeCounter = 0;
/** A tracking code unique in this test process. */
export function newCode(prefix = 'YT'): string {
  codeCounter += 1;
  return `${prefix}${process.pid}${String(codeCounter).padStart(5, '0')}`;
}

/**
 * Signs in the demo staff and admin, and has the admin place a new clerk at a second branch (factories.ts `staffAt`).
 * The factories act with these tokens afterwards.
 */
export async function staffTokens(ctx: TestContext): Promise<Staff> {
  const call = client(ctx.app);
  const [warehouse, branch, admin] = await Promise.all([staffAt(ctx, 'warehouse'), staffAt(ctx, 'branch'), staffAt(ctx, 'admin')]);
  const branchId = branch.user.place!.branch_id!;
  const branches = await call('GET', '/country/1/branches');
  const otherBranchId = (branches.json.data as { id: number }[]).find((b) => b.id !== branchId)!.id;
  const other = await staffAt(ctx, { kind: 'branch', branch_id: otherBranchId });
  return { warehouse: warehouse.token, branch: branch.token, admin: admin.token, otherBranch: other.token, branchId, otherBranchId };
}

/** The API client with the manage calls tests repeat. */
export function manageClient(ctx: TestContext) {
  const call = client(ctx.app);
  return {
    call,
    receive: (token: string, body: Record<string, unknown>) => call('POST', '/manage/receive', { token, body }),
    dispatch: (token: string, body: Record<string, unknown>) => call('POST', '/manage/dispatch', { token, body }),
    arrive: (token: string, body: Record<string, unknown>) => call('POST', '/manage/arrive', { token, body }),
    lookup: (token: string, body: Record<string, unknown>) => call('POST', '/manage/handover/lookup', { token, body }),
    complete: (token: string, body: Record<string, unknown>) => call('POST', '/orders/complete', { token, body }),
    saveTrack: (token: string, code: string, name?: string) => call('POST', '/save-track', { token, body: { track_code: code, name } }),
  };
}

/** Multipart body with files, for inject. */
export function multipartBody(files: { field: string; name: string; type: string; bytes: Buffer }[]): {
  payload: Buffer;
  contentType: string;
} {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
    );
    parts.push(f.bytes);
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(
  ctx: TestContext,
  url: string,
  token: string,
  files: { field: string; name: string; type: string; bytes: Buffer }[],
) {
  const { payload, contentType } = multipartBody(files);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType, accept: 'application/json' },
    payload,
  });
  return { status: res.statusCode, json: res.body ? JSON.parse(res.body) : undefined };
}

/** A 1×1 PNG. */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
