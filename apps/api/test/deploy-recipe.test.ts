import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { parse } from 'yaml';
import { loadConfig, ZEnv } from '../src/config/env';

const root = new URL('../../../', import.meta.url).pathname;
const compose = parse(readFileSync(`${root}docker-compose.yml`, 'utf8'), { merge: true }) as {
  services: Record<
    string,
    { environment?: Record<string, string>; image?: string; build?: unknown; healthcheck?: unknown; profiles?: string[]; ports?: string[] }
  >;
};
const example = Object.fromEntries(
  readFileSync(`${root}.env.example`, 'utf8')
    .split('\n')
    .filter((l) => /^[A-Z0-9_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);

/** What a carrier generates into .env (left empty in .env.example, so compose refuses to start without them). */
const generated = (() => {
  const keys = webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey } as Record<string, string>;
})();

/** `${VAR:?}` / `${VAR:-default}` / `${VAR}` filled from .env.example (and `filled`) as compose would. */
const interpolate = (value: string, filled: Record<string, string> = generated) =>
  String(value).replace(/\$\{([A-Z0-9_]+)(?::([?-])([^}]*))?\}/g, (_, name: string, op?: string, fallback?: string) => {
    if (filled[name]) return filled[name];
    if (example[name] !== undefined && example[name] !== '') return example[name]!;
    if (op === '-') return fallback ?? '';
    if (op === '?') throw new Error(`${name} is required by docker-compose.yml but has no value in .env.example`);
    return '';
  });

describe('production recipe (docker-compose.yml) against the configuration schema', () => {
  it('has PostgreSQL, Redis, an S3-compatible store, two API processes and a TLS proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api-1', 'api-2', 'drill', 'minio', 'postgres', 'proxy', 'redis']);
    // Only these start with `docker compose up`; the drill waits for `--profile drill`.
    const started = Object.entries(compose.services).filter(([, s]) => !s.profiles?.length);
    expect(started.map(([name]) => name).sort()).toEqual(['api-1', 'api-2', 'minio', 'postgres', 'proxy', 'redis']);
    const nginx = readFileSync(`${root}deploy/nginx.conf`, 'utf8');
    expect(nginx).toMatch(/listen 443 ssl/);
    expect(nginx).toMatch(/server api-1:3000/);
    expect(nginx).toMatch(/server api-2:3000/);
    const dockerfile = readFileSync(`${root}Dockerfile`, 'utf8');
    expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health\/live/m);
  });

  it('the image runs the Node LTS .nvmrc names, on a slim base, while the product promises Node 20.19+', () => {
    const dockerfile = readFileSync(`${root}Dockerfile`, 'utf8');
    const nvmrc = readFileSync(`${root}.nvmrc`, 'utf8').trim();
    expect(nvmrc).toMatch(/^(22|24)$/);
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const base of bases) expect(base).toBe(`node:${nvmrc}-bookworm-slim`);
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe('>=20.19');
  });

  it('both API processes get the same web push keys and subject from .env, which compose requires and .env.example leaves to generate', () => {
    const [one, two] = ['api-1', 'api-2'].map((name) => {
      const env = compose.services[name]!.environment!;
      return loadConfig(Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(v)])));
    });
    expect(one!.webPush).toMatchObject({ keysFrom: 'env', publicKey: generated.VAPID_PUBLIC_KEY, privateKey: generated.VAPID_PRIVATE_KEY });
    expect(two!.webPush).toEqual(one!.webPush);
    expect(one!.webPush!.subject).toBe(example.VAPID_SUBJECT);
    // Left empty in .env.example: compose refuses to start until the carrier has generated their own.
    expect(example.VAPID_PUBLIC_KEY).toBe('');
    expect(example.VAPID_PRIVATE_KEY).toBe('');
    expect(() => interpolate(compose.services['api-1']!.environment!.VAPID_PUBLIC_KEY!, {})).toThrow(/VAPID_PUBLIC_KEY is required/);
  });

  it('the restore drill service: only with --profile drill, on the copy portal_drill, on this machine only, with nothing to send through', () => {
    const drill = compose.services.drill!;
    expect(drill.profiles).toEqual(['drill']);
    expect(drill.ports).toEqual(['127.0.0.1:3999:3000']);
    const env = drill.environment!;
    expect(Object.keys(env).filter((k) => !Object.keys(ZEnv.shape).includes(k))).toEqual([]);
    // No credentials of anything that sends, and no Redis of the processes in service.
    expect(Object.keys(env).filter((k) => /^(SMS_|MOBIZON_|SMSC_|TELEGRAM_|VAPID_|REDIS_URL|JWT_SECRET|NOTIFY_WORKER)/.test(k))).toEqual(
      [],
    );
    const config = loadConfig(Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(v)])));
    expect(config).toMatchObject({
      isProduction: true,
      restoreDrill: true,
      notify: { worker: false },
      sms: { driver: 'outbox' },
      telegram: null,
      webPush: null,
    });
    expect(config.redisUrl).toBeUndefined();
    expect(config.databaseUrl).toMatch(/@postgres:5432\/portal_drill$/);
  });

  for (const name of ['api-1', 'api-2']) {
    it(`${name}: every variable is one the API knows, and the set is a valid production configuration`, () => {
      const env = compose.services[name]!.environment!;
      const known = Object.keys(ZEnv.shape);
      const unknown = Object.keys(env).filter((k) => !known.includes(k));
      expect(unknown).toEqual([]);
      const values = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(v)]));
      const config = loadConfig(values);
      expect(config.isProduction).toBe(true);
      expect(config.databaseUrl).toMatch(/^postgres:\/\/portal:.+@postgres:5432\/portal$/);
      expect(config.redisUrl).toBe('redis://redis:6379');
      expect(config.s3).toMatchObject({ endpoint: 'http://minio:9000', bucket: 'portal-uploads', forcePathStyle: true });
      // Private photos at the edge (ADR 097): presigned under /media/, which nginx forwards to the API's own bucket.
      expect(config.s3?.publicUrl).toBe('/media');
      expect(readFileSync(`${root}deploy/nginx.conf`, 'utf8')).toMatch(
        /location \/media\/ \{(?:(?!location)[\s\S])*proxy_pass http:\/\/minio:9000\/portal-uploads\/;/,
      );
      expect(config.metricsToken).toBeTruthy();
      // Only the proxy may say who the client is: its fixed address on the recipe's subnet, nothing else.
      const proxyAddress = (compose.services.proxy as { networks?: { default?: { ipv4_address?: string } } }).networks?.default
        ?.ipv4_address;
      expect(proxyAddress).toMatch(/^172\.30\.0\.\d+$/);
      expect(config.trustProxy).toEqual([proxyAddress]);
      expect(
        (compose as { networks?: { default?: { ipam?: { config?: { subnet: string }[] } } } }).networks?.default?.ipam?.config?.[0]?.subnet,
      ).toBe('172.30.0.0/24');
      expect(readFileSync(`${root}deploy/nginx.conf`, 'utf8')).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    });
  }
});
