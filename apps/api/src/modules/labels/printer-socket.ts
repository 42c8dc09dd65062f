import { connect } from 'node:net';

/** How long a label printer may take to take a job before it counts as away. */
export const PRINTER_TIMEOUT_MS = 5000;

/**
 * Sends ZPL to a network label printer over raw TCP (port 9100 on Zebra and compatible printers): connect, write,
 * close. Resolves once the printer has taken every byte and the connection closed cleanly; rejects when it cannot be
 * reached, resets the connection or takes longer than the timeout.
 */
export function sendRaw(host: string, port: number, payload: string, timeoutMs = PRINTER_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => finish(new Error(`printer ${host}:${port} timed out`)), timeoutMs);
    socket.on('error', (error) => finish(error));
    socket.on('connect', () => {
      socket.end(payload, 'utf8');
    });
    // Every byte handed over: a printer that keeps its side open is not waited for past a short grace.
    socket.on('finish', () => setTimeout(() => finish(), 1000).unref());
    socket.on('close', (hadError) => finish(hadError ? new Error(`printer ${host}:${port} closed with an error`) : undefined));
  });
}
