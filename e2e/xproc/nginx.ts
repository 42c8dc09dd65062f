import { spawnSync } from 'node:child_process';

/**
 * The recipe's nginx.conf (deploy/nginx.conf) for the cross-process stack (stack.ts), with its upstreams, ports and
 * certificate swapped; every swap must find its line.
 */
export function nginxServers(
  recipe: string,
  opts: {
    api: [number, number];
    http: number;
    https: number;
    cert: string;
    key: string;
    http2On: boolean;
    /** The S3 fake's `http://host:port/<bucket>/` (the recipe's MinIO) and a folder for nginx's cache. */
    bucketUrl: string;
    cacheDir: string;
  },
) {
  let conf = recipe;
  const swap = (from: string, to: string) => {
    const count = conf.split(from).length - 1;
    if (count !== 1) throw new Error(`deploy/nginx.conf: expected "${from}" once, found it ${count} times (update e2e/xproc/stack.ts)`);
    conf = conf.replace(from, to);
  };
  swap('server api-1:3000 ', `server 127.0.0.1:${opts.api[0]} `);
  swap('server api-2:3000 ', `server 127.0.0.1:${opts.api[1]} `);
  swap('listen 80;', `listen 127.0.0.1:${opts.http};`);
  // nginx before 1.25.1 (Debian 12 has 1.22) knows HTTP/2 only as a listen parameter, not the `http2 on` directive.
  swap('listen 443 ssl backlog=4096;', `listen 127.0.0.1:${opts.https} ssl backlog=4096${opts.http2On ? '' : ' http2'};`);
  swap('http2 on;', opts.http2On ? 'http2 on;' : '# http2: on the listen line (nginx < 1.25.1)');
  swap('/etc/nginx/certs/fullchain.pem', opts.cert);
  swap('/etc/nginx/certs/privkey.pem', opts.key);
  swap('proxy_pass http://minio:9000/portal-uploads/;', `proxy_pass ${opts.bucketUrl};`);
  swap('proxy_cache_path /var/cache/nginx/portal ', `proxy_cache_path ${opts.cacheDir} `);
  return conf;
}

export function nginxVersion(): [number, number, number] {
  const out = spawnSync('/usr/sbin/nginx', ['-v'], { encoding: 'utf8' });
  const m = /nginx\/(\d+)\.(\d+)\.(\d+)/.exec(`${out.stderr}${out.stdout}`);
  if (!m) throw new Error(`/usr/sbin/nginx -v: ${out.error?.message ?? out.stderr}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}
