import { makeIcon } from '../../../components/ui/icons';

export const CameraIcon = makeIcon(
  <>
    <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1Z" />
    <circle cx="12" cy="13.5" r="3.5" />
  </>,
);
export const ScanIcon = makeIcon(
  <>
    <path d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3" />
    <path d="M7 12h10" />
  </>,
);
export const InboxIcon = makeIcon(
  <>
    <path d="M3 13h5l1.5 3h5L16 13h5" />
    <path d="M5 5h14l2 8v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-6l2-8Z" />
  </>,
);
export const SheetIcon = makeIcon(
  <>
    <rect x="4" y="3" width="16" height="18" rx="2" />
    <path d="M4 9h16M4 15h16M10 3v18" />
  </>,
);
export const QuestionBoxIcon = makeIcon(
  <>
    <path d="M21 8 12 3 3 8v8l9 5 9-5V8Z" />
    <path d="M10 10a2 2 0 1 1 2.8 1.8c-.5.3-.8.7-.8 1.2v.5" />
    <path d="M12 16h.01" />
  </>,
);
export const TruckIcon = makeIcon(
  <>
    <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
    <circle cx="7" cy="17.5" r="1.8" />
    <circle cx="17" cy="17.5" r="1.8" />
  </>,
);
export const ArrivalIcon = makeIcon(
  <>
    <path d="M3 21h18M5 21V10l7-5 7 5v11" />
    <path d="M12 9v7m-3-3 3 3 3-3" />
  </>,
);
export const HandoverIcon = makeIcon(
  <>
    <path d="M3 15h4l3 2h4a1.5 1.5 0 0 0 0-3h-3" />
    <path d="M7 15v5H3v-5M14 14l4.5-2a1.6 1.6 0 0 1 1.8 2.5L15 19H10" />
    <rect x="11" y="4" width="7" height="6" rx="1" />
  </>,
);
export const SearchIcon = makeIcon(
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </>,
);
export const PhotoIcon = makeIcon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="10" r="1.8" />
    <path d="m21 16-5-5-9 8" />
  </>,
);
export const CashIcon = makeIcon(
  <>
    <rect x="3" y="6" width="18" height="12" rx="2" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M6 9v.01M18 15v.01" />
  </>,
);
export const ChartIcon = makeIcon(
  <>
    <path d="M4 20V4M4 20h16" />
    <path d="M8 16v-5M12 16V8M16 16v-3" />
  </>,
);
export const ScalesIcon = makeIcon(
  <>
    <path d="M12 4v16M8 20h8M5 7h14" />
    <path d="m5 7-3 6a3 3 0 0 0 6 0L5 7ZM19 7l-3 6a3 3 0 0 0 6 0l-3-6Z" />
  </>,
);
/** Shelves (ADR 083): a rack of three shelves. */
export const ShelfIcon = makeIcon(
  <>
    <path d="M4 3v18M20 3v18M4 8h16M4 14h16M4 20h16" />
    <rect x="7" y="10" width="4" height="4" />
    <rect x="13" y="4" width="4" height="4" />
  </>,
);
/** A count: a clipboard with ticks. */
export const CountIcon = makeIcon(
  <>
    <rect x="5" y="4" width="14" height="17" rx="2" />
    <path d="M9 4V3h6v1M8 10l1.5 1.5L12 9M8 16l1.5 1.5L12 15M14 10.5h3M14 16.5h3" />
  </>,
);
/** Missing: a box with a question. */
export const MissingIcon = makeIcon(
  <>
    <path d="M21 8 12 3 3 8v8l9 5 9-5V8Z" />
    <path d="M12 16h.01M12 13v-2.5" />
  </>,
);
/** A tied sack (bags, issue 35). */
export const BagIcon = makeIcon(
  <>
    <path d="M9 3h6l-1.5 3h-3L9 3Z" />
    <path d="M10.5 6C6 8 4 12 4 16a5 5 0 0 0 5 5h6a5 5 0 0 0 5-5c0-4-2-8-6.5-10" />
    <path d="M9 13h6" />
  </>,
);
