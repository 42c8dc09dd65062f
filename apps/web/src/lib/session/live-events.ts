import { useEffect, useRef } from 'react';
import type { TLivePaymentEvent } from '@portal/contract';

/**
 * What the live stream (live-notifications.ts) tells pages besides the notifications: `payment` when one of the
 * customer's payment requests changed (ADR 077), `resync` when the stream (re)opened, so whatever changed while it was
 * away may have been missed. Features listen here (never to each other); the stream client alone emits.
 */
export interface LiveEvents {
  payment: TLivePaymentEvent;
  resync: undefined;
}

type Listener<K extends keyof LiveEvents> = (data: LiveEvents[K]) => void;
const listeners: { [K in keyof LiveEvents]: Set<Listener<K>> } = { payment: new Set(), resync: new Set() };

export function onLiveEvent<K extends keyof LiveEvents>(type: K, listener: Listener<K>): () => void {
  listeners[type].add(listener);
  return () => void listeners[type].delete(listener);
}

export function emitLiveEvent<K extends keyof LiveEvents>(type: K, data: LiveEvents[K]): void {
  for (const listener of [...listeners[type]]) listener(data);
}

/** Calls `listener` on each live event of `type` while the component is mounted (the latest listener, no re-subscribing). */
export function useLiveEvent<K extends keyof LiveEvents>(type: K, listener: Listener<K>): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => onLiveEvent(type, (data) => latest.current(data)), [type]);
}
