import { describe, expect, it } from 'vitest';
import { snapPoint } from '@saathi/contracts';
import { QUICK_CITIES, coordinatesName, geolocationErrorMessage, parseStoredLocation } from './location';

describe('parseStoredLocation', () => {
  it('reads a stored location', () => {
    expect(parseStoredLocation('{"latitude":19.076,"longitude":72.8777,"locationName":"Mumbai"}')).toEqual({
      latitude: 19.076,
      longitude: 72.8777,
      locationName: 'Mumbai',
    });
  });

  it('names a point without a name by its coordinates', () => {
    expect(parseStoredLocation('{"latitude":1.23456,"longitude":2.5}')?.locationName).toBe('1.235, 2.500');
  });

  it('rejects corrupt values', () => {
    expect(parseStoredLocation(null)).toBeNull();
    expect(parseStoredLocation('{nope')).toBeNull();
    expect(parseStoredLocation('"text"')).toBeNull();
    expect(parseStoredLocation('{"latitude":"1","longitude":2}')).toBeNull();
    expect(parseStoredLocation('{"latitude":91,"longitude":2}')).toBeNull();
  });
});

describe('location constants and messages', () => {
  it('offers the six quick cities in order', () => {
    expect(QUICK_CITIES.map((c) => c.locationName)).toEqual([
      'New Delhi',
      'Mumbai',
      'Bangalore',
      'Chennai',
      'Kolkata',
      'Hyderabad',
    ]);
  });

  it('formats coordinates to 3 decimals', () => {
    expect(coordinatesName(28.61394, 77.20902)).toBe('28.614, 77.209');
  });

  it('names the grid point the server stores, where toFixed would round the other way', () => {
    expect(snapPoint({ latitude: 28.6135, longitude: -0.0004 })).toEqual({ latitude: 28.614, longitude: 0 });
    expect(coordinatesName(28.6135, -0.0004)).toBe('28.614, 0.000');
  });

  it('maps geolocation error codes to their messages', () => {
    expect(geolocationErrorMessage(1)).toMatch(/^Location access was denied/);
    expect(geolocationErrorMessage(2)).toMatch(/^Location information is unavailable/);
    expect(geolocationErrorMessage(3)).toBe('Location request timed out. Please try again.');
  });
});
