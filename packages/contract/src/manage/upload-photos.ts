import { z } from 'zod';
import { ZData } from '../common/envelope';

/**
 * POST manage/photos (multipart/form-data, field "photos", up to MAX_PARCEL_PHOTOS JPEG/PNG/WebP files of at most
 * MAX_PHOTO_BYTES each): stores them and answers their addresses, to pass to manage/receive.
 */
export const ZUploadPhotosResponse = ZData(z.object({ photos: z.array(z.string()) }));
export type TUploadPhotosResponse = z.infer<typeof ZUploadPhotosResponse>;
