import type { AppDispatch } from '../../../app/store';
import { qrApi } from '../api/qr-api';
import { writeCachedQr } from './qr-cache';

export { keptQrIsStale } from './qr-cache';

/**
 * Renews the QR code kept on the device without the customer noticing: fetched like /qr does (so the
 * service worker's offline answer follows too) and kept again. Failures are ignored: the kept code
 * still works until it expires.
 */
export async function refreshKeptQr(dispatch: AppDispatch, userId: number): Promise<void> {
  const request = dispatch(qrApi.endpoints.getQr.initiate(undefined, { forceRefetch: true, subscribe: false }));
  try {
    writeCachedQr(userId, await request.unwrap());
  } catch {
    /* offline or signed out meanwhile: try again on the next visit */
  }
}
