import { sniffPhoto, type TPhotoKind } from '@portal/contract';

export type ImageKind = TPhotoKind;

/** The image type of these bytes by their signature (never by the name or the declared type), or null: the contract's one photo-type rule. */
export const sniffImage = (bytes: Buffer): ImageKind | null => sniffPhoto(bytes);
