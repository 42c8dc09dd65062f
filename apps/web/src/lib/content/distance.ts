export interface LatLng {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_M = 6_371_000;

/** Great-circle distance in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as the number and unit to show: metres under 1 km (to 10 m), then km (one decimal under 10 km). */
export function distanceParts(meters: number): { value: number; unit: 'm' | 'km'; fractionDigits: number } {
  if (meters < 1000) return { value: Math.max(10, Math.round(meters / 10) * 10), unit: 'm', fractionDigits: 0 };
  const km = meters / 1000;
  if (km < 10) return { value: Math.round(km * 10) / 10, unit: 'km', fractionDigits: 1 };
  return { value: Math.round(km), unit: 'km', fractionDigits: 0 };
}

/** Items with their distance from a point, nearest first (the original order when there is no point). */
export function sortByDistance<T extends LatLng>(items: readonly T[], from: LatLng | null): { item: T; meters: number | null }[] {
  const withDistance = items.map((item) => ({ item, meters: from ? distanceMeters(from, item) : null }));
  if (!from) return withDistance;
  return [...withDistance].sort((a, b) => (a.meters ?? 0) - (b.meters ?? 0));
}
