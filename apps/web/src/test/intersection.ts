import { vi } from 'vitest';
import { act } from '@testing-library/react';

/** An IntersectionObserver the test moves: `scrollNear()` reports every observed element as near. */
export function stubObserver() {
  const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
  class FakeObserver {
    elements: Element[] = [];
    constructor(readonly callback: IntersectionObserverCallback) {
      observers.push(this);
    }
    observe(element: Element) {
      this.elements.push(element);
    }
    disconnect() {
      this.elements = [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    scrollNear: () =>
      act(() => {
        for (const o of observers)
          o.callback(
            o.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
            o as unknown as IntersectionObserver,
          );
      }),
  };
}
