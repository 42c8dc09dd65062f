/**
 * Resolves once the page has loaded and the browser is idle: for work no first screen needs (the live notification
 * stream, renewing the kept QR code). Started with the first screen, such work competes with it for a phone's few
 * cores and its network: its chunk, its connection, its answer's parsing. Waits for the window's `load` event, then
 * for an idle period (at most IDLE_TIMEOUT_MS; a timer where the browser has no requestIdleCallback).
 */
export const IDLE_TIMEOUT_MS = 2_000;

let loaded: Promise<void> | undefined;

export function afterLoad(): Promise<void> {
  loaded ??= new Promise<void>((resolve) => {
    const idle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return loaded;
}

/** For tests: forget the page's load, as a new page would. */
export function resetAfterLoad(): void {
  loaded = undefined;
}
