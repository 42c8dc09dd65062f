import type { z } from 'zod';
import { ZPage } from '../common/envelope';
import { ZPageQuery } from '../common/pagination';
import { ZSavedTrack } from './saved-track';

/** GET saved-tracks: the caller's saved codes, newest first. */
export const ZListSavedTracksQuery = ZPageQuery;
export type TListSavedTracksQuery = z.input<typeof ZListSavedTracksQuery>;
export const ZListSavedTracksResponse = ZPage(ZSavedTrack);
export type TListSavedTracksResponse = z.infer<typeof ZListSavedTracksResponse>;
