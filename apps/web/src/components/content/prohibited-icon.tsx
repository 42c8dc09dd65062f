import type { ReactNode } from 'react';
import styles from './prohibited-icon.module.css';

/** Drawings for the icon names the carrier uses for prohibited items (24px grid, current colour). */
const PATHS: Record<string, ReactNode> = {
  battery: (
    <>
      <rect x="3" y="7" width="16" height="10" rx="2" />
      <path d="M21 10.5v3M8 9.5l-1.5 3H10l-1.5 3" />
    </>
  ),
  droplet: <path d="M12 3s6 6.3 6 11a6 6 0 0 1-12 0c0-4.7 6-11 6-11Z" />,
  magnet: (
    <>
      <path d="M6 4v8a6 6 0 0 0 12 0V4h-4v8a2 2 0 0 1-4 0V4Z" />
      <path d="M6 8h4M14 8h4" />
    </>
  ),
  knife: (
    <>
      <path d="M4 20 16.5 7.5a3.5 3.5 0 0 1 5 0L9 20Z" />
      <path d="m4 20 3-3" />
    </>
  ),
  crosshair: (
    <>
      <circle cx="12" cy="12" r="8" />
      <circle cx="12" cy="12" r="2" />
      <path d="M12 2v4M12 18v4M2 12h4M18 12h4" />
    </>
  ),
  pill: (
    <>
      <rect x="2.5" y="8.5" width="19" height="7" rx="3.5" transform="rotate(-45 12 12)" />
      <path d="m8.5 8.5 7 7" />
    </>
  ),
  flame: <path d="M12 21a6 6 0 0 0 6-6c0-4-3-6-3.5-10-2 1.5-3.5 4-3.5 6-1-.5-1.5-1.5-1.7-2.7C7.5 10 6 12.3 6 15a6 6 0 0 0 6 6Z" />,
  sprout: (
    <>
      <path d="M12 21v-9" />
      <path d="M12 12C12 8 9 5 4 5c0 4 3 7 8 7ZM12 14c0-3 2.5-6 8-6 0 3.5-3 6-8 6Z" />
    </>
  ),
  paw: (
    <>
      <circle cx="7" cy="9" r="1.8" />
      <circle cx="17" cy="9" r="1.8" />
      <circle cx="10" cy="5.5" r="1.8" />
      <circle cx="14" cy="5.5" r="1.8" />
      <path d="M12 12c-3 0-5.5 3.5-5.5 6 0 1.5 1 2.5 2.5 2.5 1.2 0 2-.7 3-.7s1.8.7 3 .7c1.5 0 2.5-1 2.5-2.5 0-2.5-2.5-6-5.5-6Z" />
    </>
  ),
  food: (
    <>
      <path d="M4 11h16a8 8 0 0 1-16 0Z" />
      <path d="M9 4c-1 1.5 1 2.5 0 4M14 4c-1 1.5 1 2.5 0 4" />
    </>
  ),
  coins: (
    <>
      <ellipse cx="9" cy="7" rx="6" ry="3" />
      <path d="M3 7v5c0 1.7 2.7 3 6 3s6-1.3 6-3V7" />
      <path d="M15 11.2c3.2.3 6 1.4 6 2.8v4c0 1.7-2.7 3-6 3-2.6 0-4.8-.8-5.6-2" />
    </>
  ),
  'no-smoking': (
    <>
      <rect x="3" y="13" width="14" height="4" rx="1" />
      <path d="M20 13v4M17 6c0 2-2 2-2 4M3 3l18 18" />
    </>
  ),
};

/** A prohibited item's icon: a drawn icon for a known name, otherwise the text itself (an emoji). */
export function ProhibitedIcon({ name, size = 24 }: { name: string; size?: number }) {
  const paths = PATHS[name];
  if (!paths)
    return (
      <span className={styles.text} style={{ fontSize: size * 0.85 }} aria-hidden="true">
        {name}
      </span>
    );
  return (
    <svg
      className={styles.icon}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths}
    </svg>
  );
}
