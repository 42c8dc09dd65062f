/**
 * Lets the browser run what waits (a paint, input, a network answer) before the caller goes on: the rest runs in a
 * task of its own. On a phone a start split in two tasks blocks the page half as long at a time (Lighthouse counts
 * the part of each task over 50 ms).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
