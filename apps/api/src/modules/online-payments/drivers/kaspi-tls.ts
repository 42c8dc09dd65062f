import { createHash, X509Certificate } from 'node:crypto';
import { Agent } from 'node:https';
import { createSecureContext } from 'node:tls';
import type { ProviderCredentials } from './driver';

/**
 * Kaspi's mutual TLS (ADR 077, addendum): Kaspi's QR API knows a merchant by a client certificate Kaspi issues (with
 * the device token). A branch keeps it sealed with its other keys: `client_certificate` holds either a PKCS#12 file
 * (.pfx/.p12, as Kaspi gives merchants) in base64, or PEM text holding the certificate and its private key; its
 * password in `client_certificate_password`. Never logged, never returned.
 */
export const KASPI_CERTIFICATE_FIELDS = ['client_certificate', 'client_certificate_password'] as const;

type ClientTls = { pfx: Buffer; passphrase?: string } | { cert: string; key: string; passphrase?: string };

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]+?-----END \1-----/g;

/** The TLS options of a branch's certificate; null when none is kept. Throws when the value is neither form. */
export function clientTlsOf(creds: ProviderCredentials): ClientTls | null {
  const value = creds.client_certificate?.trim();
  if (!value) return null;
  const passphrase = creds.client_certificate_password || undefined;
  if (value.includes('-----BEGIN')) {
    const blocks = [...value.matchAll(PEM_BLOCK)];
    const cert = blocks.filter((b) => b[1] === 'CERTIFICATE').map((b) => b[0]);
    const key = blocks.find((b) => /PRIVATE KEY$/.test(b[1]!));
    if (!cert.length || !key) throw new Error('PEM without a certificate and its private key');
    return { cert: cert.join('\n'), key: key[0], passphrase };
  }
  const compact = value.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw new Error('not base64');
  return { pfx: Buffer.from(compact, 'base64'), passphrase };
}

/**
 * When a branch's certificate stops being valid (its notAfter), null when none is kept or it does not open. A PKCS#12
 * file is opened as TLS would open it and its certificate read back (the secure context's own certificate).
 */
export function clientCertificateValidTo(creds: ProviderCredentials): Date | null {
  try {
    const tls = clientTlsOf(creds);
    if (!tls) return null;
    if ('cert' in tls) return new Date(new X509Certificate(tls.cert).validTo);
    const context = createSecureContext(tls).context as { getCertificate?: () => Buffer | null };
    const der = context.getCertificate?.();
    return der ? new Date(new X509Certificate(der).validTo) : null;
  } catch {
    return null;
  }
}

/**
 * What is wrong with a branch's certificate, if anything: it does not read as PEM or PKCS#12, the password does not
 * open it or the key does not match (`certificate_invalid`), or it has expired (`certificate_expired`: Kaspi would
 * refuse every call). Null when fine or absent (OpenSSL's own words are not shown: they may quote the input).
 */
export function clientCertificateProblem(
  creds: ProviderCredentials,
  now = new Date(),
): 'certificate_invalid' | 'certificate_expired' | null {
  let tls: ClientTls | null;
  try {
    tls = clientTlsOf(creds);
    if (tls) createSecureContext(tls);
  } catch {
    return 'certificate_invalid';
  }
  if (!tls) return null;
  const validTo = clientCertificateValidTo(creds);
  return validTo && validTo.getTime() <= now.getTime() ? 'certificate_expired' : null;
}

/** One keep-alive agent per certificate (and CA), kept while the process lives; a few branches hold a few. */
const agents = new Map<string, Agent>();
const MAX_AGENTS = 64;

/**
 * The agent an HTTPS call to Kaspi goes through: the branch's client certificate, and `ca` when Kaspi's server is
 * signed by a CA of its own (a test stand; tests). Undefined: Node's default agent (no certificate).
 */
export function kaspiAgent(creds: ProviderCredentials, ca: string | undefined): Agent | undefined {
  const tls = clientTlsOf(creds);
  if (!tls && !ca) return undefined;
  const key = createHash('sha256')
    .update(JSON.stringify([creds.client_certificate ?? '', creds.client_certificate_password ?? '', ca ?? '']))
    .digest('hex');
  let agent = agents.get(key);
  if (!agent) {
    if (agents.size >= MAX_AGENTS) {
      for (const a of agents.values()) a.destroy();
      agents.clear();
    }
    agent = new Agent({ keepAlive: true, ...(tls ?? {}), ...(ca ? { ca } : {}) });
    agents.set(key, agent);
  }
  return agent;
}
