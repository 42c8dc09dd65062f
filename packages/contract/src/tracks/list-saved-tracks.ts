import type { z } from 'zod';
import { ZCursorPage } from '../common/envelope';
import { ZCursorPageQuery } from '../common/pagination';
import { ZSavedTrack } from './saved-track';

/** GET saved-tracks: the caller's saved codes, newest first. */
export const ZListSavedTracksQuery = ZCursorPageQuery;
export type TListSavedTracksQuery = z.input<typeof ZListSavedTracksQuery>;
export const ZListSavedTracksResponse = ZCursorPage(ZSavedTrack);
export type TListSavedTracksResponse = z.infer<typeof ZListSavedTracksResponse>;
