import { describe, expect, it } from 'vitest';
import { reliabilityText, spotsText } from './activity-text';

describe('activity text', () => {
  it('says how often a requester showed up, or that there is nothing to go on yet', () => {
    expect(reliabilityText({ met: 7, of: 8 })).toBe('Met 7 of 8');
    expect(reliabilityText({ met: 0, of: 0 })).toBe('New to activities');
  });

  it('counts spots left in the singular and plural', () => {
    expect(spotsText({ spots: 1, spotsLeft: 0 })).toBe('0 of 1 spot left');
    expect(spotsText({ spots: 3, spotsLeft: 2 })).toBe('2 of 3 spots left');
  });
});
