import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Certificates for Kaspi's mutual TLS in tests, made with the `openssl` CLI (on the machine; .ci/run installs it):
 * a test CA, the fake's server certificate for 127.0.0.1 and a merchant's client certificate signed by it (as a
 * password-protected PKCS#12 file, as Kaspi gives merchants, and as PEM), and a client certificate of another CA.
 */
export function kaspiCertificates() {
  const dir = mkdtempSync(join(tmpdir(), 'kaspi-tls-'));
  const f = (name: string) => join(dir, name);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const key = (name: string) => ssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', f(name));
  const ca = (name: string, cn: string) => {
    key(`${name}.key`);
    ssl('req', '-x509', '-new', '-key', f(`${name}.key`), '-subj', `/CN=${cn}`, '-days', '2', '-out', f(`${name}.crt`));
  };
  /** A certificate signed by `by`, with the extensions in `${name}.ext`. */
  const signed = (name: string, cn: string, by: string) => {
    key(`${name}.key`);
    ssl('req', '-new', '-key', f(`${name}.key`), '-subj', `/CN=${cn}`, '-out', f(`${name}.csr`));
    ssl(
      'x509',
      '-req',
      '-in',
      f(`${name}.csr`),
      '-CA',
      f(`${by}.crt`),
      '-CAkey',
      f(`${by}.key`),
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      f(`${name}.ext`),
      '-out',
      f(`${name}.crt`),
    );
  };
  const write = (name: string, text: string) => writeFileSync(f(name), text);
  /** A client certificate of the CA `by` valid only through 2025 (openssl ca sets past dates; x509 -days cannot). */
  const expired = (name: string, by: string) => {
    key(`${name}.key`);
    ssl('req', '-new', '-key', f(`${name}.key`), '-subj', `/CN=${name}`, '-out', f(`${name}.csr`));
    write('index.txt', '');
    write('serial', '1000\n');
    write(
      'ca.cnf',
      '[ca]\ndefault_ca=d\n[d]\ndatabase=index.txt\nserial=serial\nnew_certs_dir=.\ndefault_md=sha256\npolicy=p\n[p]\ncommonName=supplied\n',
    );
    const dates = ['-startdate', '20250101000000Z', '-enddate', '20251231235959Z'];
    ssl(
      'ca',
      '-batch',
      '-config',
      'ca.cnf',
      '-cert',
      f(`${by}.crt`),
      '-keyfile',
      f(`${by}.key`),
      '-in',
      f(`${name}.csr`),
      ...dates,
      '-out',
      f(`${name}.crt`),
    );
  };
  const pfx = (name: string, password: string) => {
    ssl('pkcs12', '-export', '-inkey', f(`${name}.key`), '-in', f(`${name}.crt`), '-passout', `pass:${password}`, '-out', f(`${name}.pfx`));
    return readFileSync(f(`${name}.pfx`)).toString('base64');
  };
  try {
    ca('ca', 'Kaspi test CA');
    ca('other-ca', 'Someone else');
    write('server.ext', 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
    write('client.ext', 'extendedKeyUsage=clientAuth\n');
    write('stranger.ext', 'extendedKeyUsage=clientAuth\n');
    signed('server', '127.0.0.1', 'ca');
    signed('client', 'merchant-branch', 'ca');
    signed('stranger', 'stranger', 'other-ca');
    expired('expired', 'ca');
    const text = (name: string) => readFileSync(f(name), 'utf8');
    return {
      ca: text('ca.crt'),
      server: { key: text('server.key'), cert: text('server.crt') },
      /** The merchant's certificate as Kaspi gives it: a .pfx (base64 here) and its password. */
      clientPfx: pfx('client', 'kaspi-pass'),
      clientPassword: 'kaspi-pass',
      /** The same certificate and key as PEM text. */
      clientPem: `${text('client.crt')}${text('client.key')}`,
      /** A client certificate Kaspi never issued (another CA). */
      strangerPfx: pfx('stranger', 'other-pass'),
      strangerPassword: 'other-pass',
      /** A certificate Kaspi issued that expired at the end of 2025 (.pfx, base64) and its password. */
      expiredPfx: pfx('expired', 'old-pass'),
      expiredPassword: 'old-pass',
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
