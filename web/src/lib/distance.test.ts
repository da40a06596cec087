import { describe, expect, it } from 'vitest';
import { formatDistance } from './distance';

describe('formatDistance', () => {
  it('says "< 0.1km away" under 0.1 km', () => {
    expect(formatDistance(0)).toBe('< 0.1km away');
    expect(formatDistance(0.0999)).toBe('< 0.1km away');
  });

  it('gives kilometres with one decimal from 0.1 km', () => {
    expect(formatDistance(0.1)).toBe('0.1km away');
    expect(formatDistance(0.44)).toBe('0.4km away');
    expect(formatDistance(1.25)).toBe('1.3km away');
    expect(formatDistance(1)).toBe('1.0km away');
  });
});
