import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeObject {
  bytes: Buffer;
  contentType: string;
  lastModified: Date;
  etag: string;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A small S3-compatible server for tests: path-style PutObject, GetObject, HeadObject, DeleteObject and
 * ListObjectsV2 as the S3 API documents them (XML listing, NoSuchKey/NoSuchBucket errors). It checks that
 * each request is signed with the expected access key (not the signature itself); a presigned GET (credential in the
 * query) also by its X-Amz-Date and X-Amz-Expires (403 AccessDenied once expired), answering its
 * response-cache-control as S3 does. `served` counts the bytes of object bodies it answered, per key.
 */
export class FakeS3 {
  readonly objects = new Map<string, FakeObject>();
  readonly requests: { method: string; path: string; presigned: boolean }[] = [];
  readonly served = new Map<string, number>();
  private server: Server | null = null;
  url = '';
  /** Answer every request with 503 (a store that is down). */
  down = false;
  /** Most keys in one listing answer (S3 answers 1,000; tests lower it to see paging). */
  maxPage = 1000;

  constructor(
    readonly bucket: string,
    readonly accessKeyId: string,
  ) {}

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Makes an object look older (the cleanup of unattached uploads goes by age). */
  age(key: string, ms: number) {
    const o = this.objects.get(key);
    if (o) o.lastModified = new Date(o.lastModified.getTime() - ms);
  }

  /** A presigned request's window: X-Amz-Date (20261130T004500Z) plus X-Amz-Expires seconds, not yet past. */
  private inTime(q: URLSearchParams): boolean {
    const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(q.get('X-Amz-Date') ?? '');
    const expires = Number(q.get('X-Amz-Expires'));
    if (!m || !Number.isInteger(expires) || expires < 1 || expires > 604_800) return false;
    const signedAt = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
    return Date.now() <= signedAt + expires * 1000;
  }

  private error(res: ServerResponse, status: number, code: string, head = false) {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(head ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const presigned = url.searchParams.has('X-Amz-Signature');
    this.requests.push({ method, path: url.pathname, presigned });
    if (this.down) return this.error(res, 503, 'ServiceUnavailable');
    const auth = presigned ? `Credential=${url.searchParams.get('X-Amz-Credential') ?? ''}` : (req.headers.authorization ?? '');
    if (!auth.includes(`Credential=${this.accessKeyId}/`)) return this.error(res, 403, 'InvalidAccessKeyId');
    if (presigned && !this.inTime(url.searchParams)) return this.error(res, 403, 'AccessDenied', method === 'HEAD');
    const [, bucket, ...rest] = url.pathname.split('/');
    if (bucket !== this.bucket) return this.error(res, 404, 'NoSuchBucket', method === 'HEAD');
    const key = decodeURIComponent(rest.join('/'));

    if (!key && method === 'GET') {
      if (url.searchParams.get('list-type') !== '2') return this.error(res, 400, 'InvalidArgument');
      const prefix = url.searchParams.get('prefix') ?? '';
      const max = Math.min(Number(url.searchParams.get('max-keys') ?? 1000), this.maxPage);
      const after = url.searchParams.get('continuation-token') ?? '';
      const keys = [...this.objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
      const page = keys.slice(0, max);
      const truncated = keys.length > page.length;
      const contents = page
        .map((k) => {
          const o = this.objects.get(k)!;
          return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>&quot;${o.etag}&quot;</ETag><Size>${o.bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
        })
        .join('');
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${this.bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${xmlEscape(page[page.length - 1]!)}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`,
      );
      return;
    }
    if (method === 'PUT') {
      const etag = createHash('md5').update(body).digest('hex');
      this.objects.set(key, {
        bytes: body,
        contentType: req.headers['content-type'] ?? 'application/octet-stream',
        lastModified: new Date(),
        etag,
      });
      res.writeHead(200, { etag: `"${etag}"` });
      res.end();
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      const o = this.objects.get(key);
      if (!o) return this.error(res, 404, 'NoSuchKey', method === 'HEAD');
      const cacheControl = presigned ? url.searchParams.get('response-cache-control') : null;
      res.writeHead(200, {
        'content-type': o.contentType,
        'content-length': o.bytes.length,
        etag: `"${o.etag}"`,
        'last-modified': o.lastModified.toUTCString(),
        ...(cacheControl ? { 'cache-control': cacheControl } : {}),
      });
      if (method === 'GET') this.served.set(key, (this.served.get(key) ?? 0) + o.bytes.length);
      res.end(method === 'HEAD' ? undefined : o.bytes);
      return;
    }
    if (method === 'DELETE') {
      this.objects.delete(key);
      res.writeHead(204);
      res.end();
      return;
    }
    this.error(res, 405, 'MethodNotAllowed');
  }
}
