import type { z } from 'zod';
import { ZIdParam } from '../common/fields';
import { ZOk } from '../common/envelope';

/** DELETE saved-tracks/{id}/delete: removes one of the caller's saved codes (others answer 404); the parcel, if any, stays theirs. */
export const ZDeleteSavedTrackParams = ZIdParam;
export const ZDeleteSavedTrackResponse = ZOk;
export type TDeleteSavedTrackResponse = z.infer<typeof ZDeleteSavedTrackResponse>;
