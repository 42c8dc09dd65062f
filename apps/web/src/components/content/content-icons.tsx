import { makeIcon } from '../ui/icons';

/** Line icons for the content pages, on the same 24px grid and stroke as components/ui/icons. */
export const MapPinIcon = makeIcon(
  <>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </>,
);
export const ClockIcon = makeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const WhatsAppIcon = makeIcon(
  <>
    <path d="M3.5 20.5 5 16a8.5 8.5 0 1 1 3.2 3.1Z" />
    <path d="M9 8.5c0 3.5 2.5 6.5 6.5 6.5l1-1.6-2-1-1 .9c-1.3-.5-2.3-1.5-2.8-2.8l.9-1-1-2Z" />
  </>,
);
export const ExternalIcon = makeIcon(
  <>
    <path d="M14 4h6v6" />
    <path d="M20 4 11 13" />
    <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </>,
);
export const LocateIcon = makeIcon(
  <>
    <circle cx="12" cy="12" r="7" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
  </>,
);
export const ListIcon = makeIcon(
  <>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <path d="M4.5 6h.01M4.5 12h.01M4.5 18h.01" />
  </>,
);
export const MapIcon = makeIcon(
  <>
    <path d="M9 4 3 6.5v13L9 17l6 2.5 6-2.5v-13L15 6.5 9 4Z" />
    <path d="M9 4v13M15 6.5v13" />
  </>,
);
export const ScaleIcon = makeIcon(
  <>
    <path d="M6 7h12l2 13H4L6 7Z" />
    <path d="M9.5 7a2.5 2.5 0 0 1 5 0" />
  </>,
);
export const PlayIcon = makeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m10 8.5 5.5 3.5-5.5 3.5v-7Z" />
  </>,
);
export const SearchIcon = makeIcon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
export const ArrowRightIcon = makeIcon(<path d="M5 12h14M13 6l6 6-6 6" />);
export const ArrowLeftIcon = makeIcon(<path d="M19 12H5M11 6l-6 6 6 6" />);
export const NewsIcon = makeIcon(
  <>
    <rect x="3" y="4" width="15" height="16" rx="2" />
    <path d="M18 8h2a1 1 0 0 1 1 1v9a2 2 0 0 1-2 2H6" />
    <path d="M7 8h7M7 12h7M7 16h4" />
  </>,
);
export const BookIcon = makeIcon(
  <>
    <path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2V5Z" />
    <path d="M4 19a2 2 0 0 1 2-2h13" />
  </>,
);
