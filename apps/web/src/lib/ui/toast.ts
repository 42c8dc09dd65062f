import type * as ToastifyModule from 'react-toastify';

type Toastify = typeof ToastifyModule;

/**
 * Toasts (spec section 8): success, error and warn, each with its icon. react-toastify is loaded on
 * the first toast, not with the page (it keeps ~10 KB of script off the sign-in page); toasts raised
 * before its container is mounted wait for it.
 */
let loading: Promise<Toastify> | null = null;
const listeners = new Set<() => void>();

export function loadToastify(): Promise<Toastify> {
  if (!loading) {
    loading = import('react-toastify');
    for (const listener of listeners) listener();
  }
  return loading;
}

/** For the container: whether any toast was asked for yet. */
export const toastsWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => loading !== null,
};

let containerMounted: () => void = () => undefined;
const containerReady = new Promise<void>((resolve) => {
  containerMounted = resolve;
});

/** Called by the container once it is mounted: toasts raised before then are shown now. */
export function markToastContainerReady(): void {
  containerMounted();
}

const show = (kind: 'success' | 'error' | 'warn') => (message: string) => {
  void Promise.all([loadToastify(), containerReady]).then(([{ toast }]) => toast[kind](message));
};

export const notify = { success: show('success'), error: show('error'), warn: show('warn') };

/** The container's options: top-right, newest on top, pause on hover, no close on click, 3000 ms, drag 80%. */
export const TOAST_OPTIONS = {
  position: 'top-right',
  newestOnTop: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  closeOnClick: false,
  autoClose: 3000,
  draggable: true,
  draggablePercent: 80,
  hideProgressBar: false,
} as const;

/**
 * Phones: react-toastify's own breakpoint, where a toast spans the screen's width. There global.css puts the
 * toasts under the sticky header instead of over it (issue 16: the header stays usable), and a toast does not
 * pause: a tap "hovers" on a touch screen and nothing ever "leaves", so a paused toast would stay for good.
 */
export const NARROW_TOASTS = '(max-width: 480px)';

export function toastOptions(narrow: boolean) {
  return narrow ? { ...TOAST_OPTIONS, pauseOnHover: false, pauseOnFocusLoss: false } : TOAST_OPTIONS;
}
