import { options, type Ref, type VNode } from 'preact';

/**
 * React focuses an element rendered with `autoFocus` when it mounts; Preact only writes the `autofocus` attribute,
 * which a browser honours once per page load, so the second form of a visit (the code after the phone, the next scan)
 * would open without the focus. Every `autoFocus` element gets a ref that focuses it once, when it first reaches
 * the page, and passes the element on to its own ref (a form library's ref may be a new function on every render:
 * the element, not the ref, says whether it was focused already).
 */
type El = HTMLElement | null;

const focused = new WeakSet<HTMLElement>();

function focusOnce(element: El) {
  if (!element || focused.has(element)) return;
  focused.add(element);
  element.focus();
}

const withFocus = new WeakMap<object, (element: El) => void>();

function alsoFocusing(ref: NonNullable<Ref<El>>): (element: El) => void {
  let both = withFocus.get(ref);
  if (!both) {
    both = (element) => {
      if (typeof ref === 'function') ref(element);
      else ref.current = element;
      focusOnce(element);
    };
    withFocus.set(ref, both);
  }
  return both;
}

const previous = options.vnode;
options.vnode = (vnode: VNode<{ autoFocus?: boolean }>) => {
  if (typeof vnode.type === 'string' && vnode.props.autoFocus) {
    const own = vnode.ref as Ref<El> | null | undefined;
    vnode.ref = own ? alsoFocusing(own) : focusOnce;
  }
  previous?.(vnode);
};
