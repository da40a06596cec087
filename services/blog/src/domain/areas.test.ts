import { describe, expect, it } from 'vitest';
import { areaOf, OTHER_AREA } from './areas';

describe('digest areas', () => {
  it('counts a point in the nearest city of the list', () => {
    expect(areaOf({ latitude: 28.632, longitude: 77.219 })).toBe('New Delhi'); // Connaught Place
    expect(areaOf({ latitude: 19.0176, longitude: 72.8562 })).toBe('Mumbai'); // Dadar
    expect(areaOf({ latitude: 18.52, longitude: 73.85 })).toBe('Pune'); // nearer Pune than Mumbai
  });

  it('counts a point far from every listed city as "other places"', () => {
    expect(areaOf({ latitude: 51.5, longitude: -0.12 })).toBe(OTHER_AREA);
    expect(areaOf({ latitude: 25.3, longitude: 83.0 })).toBe(OTHER_AREA); // Varanasi: no listed city nearby
  });
});
