/**
 * Testing Library for the app's components as they run in the browser: rendered by Preact (build/preact.ts, ADR 066),
 * queried and driven with @testing-library/dom (the same instance user-event uses), every event and wait inside
 * Preact's `act` so that effects and renders have run before the test looks.
 */
import { configure, fireEvent as domFireEvent, getQueriesForElement, prettyDOM } from '@testing-library/dom';
import { options, render as preactRender, type ComponentChild } from 'preact';
import { act } from 'preact/test-utils';
import type { ReactElement } from 'react';

configure({
  eventWrapper: (cb) => {
    let result: unknown;
    act(() => {
      result = cb();
    });
    return result as void;
  },
  // Started inside `act`, waited for outside it: Preact's act holds renders back until it ends, so a wait inside it
  // would never see the page change.
  asyncWrapper: async (cb) => {
    let result: unknown;
    await act(() => {
      result = cb();
    });
    return result;
  },
});

// Effects run right after the render that scheduled them (a browser runs them after the next frame; jsdom paints
// nothing), so a test that saw the page change also sees what its effects did, as with React's act.
options.requestAnimationFrame = (flush) => void Promise.resolve().then(flush);

const mounted = new Set<HTMLElement>();

export function render(ui: ReactElement) {
  const container = document.body.appendChild(document.createElement('div'));
  mounted.add(container);
  act(() => {
    preactRender(ui as unknown as ComponentChild, container);
  });
  return {
    container,
    baseElement: document.body,
    debug: () => console.log(prettyDOM(document.body)),
    unmount: () => act(() => preactRender(null, container)),
    rerender: (next: ReactElement) => act(() => preactRender(next as unknown as ComponentChild, container)),
    ...getQueriesForElement(document.body),
  };
}

export function cleanup() {
  for (const container of mounted) {
    act(() => preactRender(null, container));
    container.remove();
  }
  mounted.clear();
}

/**
 * A browser fires `input` and then `change` when a field's value changes; preact/compat listens to `input` for text
 * fields (React's onChange) and to `change` for selects and checkboxes, so a test's change fires both, as a browser does.
 */
export const fireEvent: typeof domFireEvent = Object.assign(
  (element: Document | Element | Window | Node, event: Event) => domFireEvent(element, event),
  domFireEvent,
  {
    change: (element: Document | Element | Window | Node, init?: object) => {
      domFireEvent.input(element, init);
      return domFireEvent.change(element);
    },
  },
);

export { act };
export { screen, waitFor, within } from '@testing-library/dom';
