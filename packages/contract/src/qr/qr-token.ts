/** QR codes shown at /qr start with this prefix; staff scanners recognise customer QR codes by it. */
export const QR_TOKEN_PREFIX = 'ORDA1.';
