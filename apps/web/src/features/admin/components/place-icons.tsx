import { makeIcon } from '../../../components/ui/icons';

/** A map pin: the admin area's branches. */
export const PinIcon = makeIcon(
  <>
    <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </>,
);
/** A globe with a parcel route: countries and the China address. */
export const RouteIcon = makeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </>,
);
/** A label printer: the admin area's label printers (ADR 080). */
export const PrinterIcon = makeIcon(
  <>
    <path d="M7 9V3h10v6" />
    <rect x="3" y="9" width="18" height="8" rx="2" />
    <path d="M7 14h10v7H7z" />
  </>,
);
/** A percent sign in a tag: the duty-free limit's rules (ADR 087). */
export const DutyIcon = makeIcon(
  <>
    <path d="M3 12 12 3h8v8l-9 9-8-8Z" />
    <path d="m9 15 6-6" />
    <circle cx="9.5" cy="9.5" r="1" />
    <circle cx="14.5" cy="14.5" r="1" />
  </>,
);
