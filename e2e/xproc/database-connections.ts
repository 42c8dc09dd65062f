import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import pg from 'pg';

/**
 * Where the stack's database traffic really goes (the PgBouncer variant's proof, stack.ts): the API processes' own
 * sockets, what the pooler's admin console says of its clients and server connections, what PostgreSQL says of its
 * backends. Linux only (/proc), like the rest of the stack.
 */

/** An established TCP connection of a process: its own port and the port it talks to (both on 127.0.0.1 here). */
export interface Connection {
  local: number;
  remote: number;
}

/** The established TCP connections process `pid` holds, from its descriptors and /proc/<pid>/net/tcp{,6}. */
export function tcpConnectionsOf(pid: number): Connection[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      // closed meanwhile
    }
  }
  const out: Connection[] = [];
  for (const table of ['tcp', 'tcp6']) {
    let text = '';
    try {
      text = readFileSync(`/proc/${pid}/net/${table}`, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode …
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || f[3] !== '01' || !inodes.has(f[9]!)) continue; // 01: ESTABLISHED
      const port = (address: string) => parseInt(address.split(':').pop()!, 16);
      out.push({ local: port(f[1]!), remote: port(f[2]!) });
    }
  }
  return out;
}

/** Rows of one statement on a fresh connection (simple protocol: PgBouncer's admin console speaks nothing else). */
export async function rowsOf<T = Record<string, unknown>>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** PgBouncer's console: transactions it passed on for `database` so far (SHOW STATS is live, not per period). */
export async function poolerTransactions(adminUrl: string, database: string): Promise<number> {
  const rows = await rowsOf<{ database: string; total_xact_count: string }>(adminUrl, 'SHOW STATS');
  return Number(rows.find((r) => r.database === database)?.total_xact_count ?? 0);
}

/** PgBouncer's console: its clients' ports on `database`, and its server connections' PostgreSQL backend pids. */
export async function poolerPeers(adminUrl: string, database: string): Promise<{ clientPorts: number[]; serverPids: number[] }> {
  type Row = { database: string; port: number; remote_pid: number };
  const clients = await rowsOf<Row>(adminUrl, 'SHOW CLIENTS');
  const servers = await rowsOf<Row>(adminUrl, 'SHOW SERVERS');
  return {
    clientPorts: clients.filter((r) => r.database === database).map((r) => Number(r.port)),
    serverPids: servers.filter((r) => r.database === database).map((r) => Number(r.remote_pid)),
  };
}

/** PostgreSQL's backends on `database` (asked from the server's `postgres` database, so the question adds none). */
export async function backendsOn(serverUrl: string, database: string): Promise<{ pid: number; clientPort: number }[]> {
  const rows = await rowsOf<{ pid: number; client_port: number }>(
    serverUrl,
    `select pid, client_port from pg_stat_activity where datname = '${database.replace(/'/g, "''")}' and backend_type = 'client backend'`,
  );
  return rows.map((r) => ({ pid: Number(r.pid), clientPort: Number(r.client_port) }));
}
