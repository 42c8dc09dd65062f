import { useRef, type ReactNode } from 'react';
import { useNearViewport } from './near-viewport';
import styles from './when-near.module.css';

interface WhenNearProps {
  children: ReactNode;
  /** The block's usual height in px, held until it renders. */
  height: number;
  /** Names the placeholder for tests: data-testid="pending-<name>". */
  name: string;
  now?: boolean;
  margin?: string;
}

/**
 * Renders `children` once this place on the page comes within `margin` of the viewport; until then an empty block of
 * `height` holds its place. For the blocks far below a page's first screen (home's lessons, marketplaces, prohibited
 * items and news on a phone): the first render does not build them, ask for their data or fetch their images, so
 * the phone's processor goes to what the customer sees first. `now` renders at once (an address that opens
 * something inside the block); so does a browser without IntersectionObserver (tests).
 */
export function WhenNear({ children, height, name, now = false, margin = '400px' }: WhenNearProps) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, margin);
  if (near || now) return <>{children}</>;
  return <div ref={ref} className={styles.pending} style={{ minHeight: height }} data-testid={`pending-${name}`} aria-hidden="true" />;
}
