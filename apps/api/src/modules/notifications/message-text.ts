import type { TLang } from '@portal/contract';
import { text, type Catalogue, type Leaves, type TextValues } from '../../texts/texts';

type NotificationKey = Leaves<Catalogue['notifications']>;

/** A notification text (`notifications.*` in the text files) in `lang`: every event family's texts read through it. */
export const notificationText = (key: NotificationKey, lang: TLang, params?: TextValues) => text(`notifications.${key}`, lang, params);

/** A parcel as messages name it: «name» (code), or the code alone. */
export const parcelLabel = (o: { name: string | null; track_code: string }) => (o.name ? `«${o.name}» (${o.track_code})` : o.track_code);
