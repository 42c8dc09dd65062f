import { describe, expect, it } from 'vitest';
import { distanceMeters, distanceParts, sortByDistance } from './distance';

const ALMATY = { latitude: 43.25339, longitude: 76.91958 };
const ASTANA = { latitude: 51.17998, longitude: 71.41217 };

describe('distance', () => {
  it('measures great-circle distance', () => {
    const km = distanceMeters(ALMATY, ASTANA) / 1000;
    expect(km).toBeGreaterThan(960);
    expect(km).toBeLessThan(990);
    expect(distanceMeters(ALMATY, ALMATY)).toBe(0);
  });

  it('shows metres under a kilometre, one decimal under ten, whole kilometres beyond', () => {
    expect(distanceParts(3)).toEqual({ value: 10, unit: 'm', fractionDigits: 0 });
    expect(distanceParts(374)).toEqual({ value: 370, unit: 'm', fractionDigits: 0 });
    expect(distanceParts(999)).toEqual({ value: 1000, unit: 'm', fractionDigits: 0 });
    expect(distanceParts(3_740)).toEqual({ value: 3.7, unit: 'km', fractionDigits: 1 });
    expect(distanceParts(12_600)).toEqual({ value: 13, unit: 'km', fractionDigits: 0 });
  });

  it('sorts nearest first only when there is a position', () => {
    const items = [ASTANA, ALMATY];
    expect(sortByDistance(items, null).map((x) => x.item)).toEqual([ASTANA, ALMATY]);
    const sorted = sortByDistance(items, { latitude: 43.2, longitude: 76.9 });
    expect(sorted.map((x) => x.item)).toEqual([ALMATY, ASTANA]);
    expect(sorted[0]!.meters).toBeLessThan(10_000);
  });
});
