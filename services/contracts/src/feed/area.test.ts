import { describe, expect, it } from 'vitest';
import { areaNameOf, isAreaName, NAMED_AREAS, shownAreaName, UNKNOWN_AREA } from './area';

describe('areaNameOf', () => {
  it('names a city near its centre and writes the coarse grid elsewhere', () => {
    expect(areaNameOf({ latitude: 19.0596, longitude: 72.8295 })).toBe('Mumbai');
    expect(areaNameOf({ latitude: 10.3257, longitude: 76.9511 })).toBe('10.3° N, 77.0° E');
    expect(areaNameOf({ latitude: -33.8688, longitude: -151.2093 })).toBe('33.9° S, 151.2° W');
  });

  it('makes only names that read back as server-made, and nothing else is', () => {
    for (const area of NAMED_AREAS) expect(isAreaName(areaNameOf(area))).toBe(true);
    expect(isAreaName(areaNameOf({ latitude: 89.99, longitude: -179.99 }))).toBe(true);
    expect(isAreaName('28.6, 77.2')).toBe(true); // the old server-made grid
    expect(shownAreaName('Flat 4B, Green Park Apts')).toBe(UNKNOWN_AREA);
    expect(shownAreaName('28.6139, 77.2090')).toBe(UNKNOWN_AREA); // finer than the grid
    expect(shownAreaName('Mumbai')).toBe('Mumbai');
  });
});
