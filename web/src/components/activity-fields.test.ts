import { describe, expect, it } from 'vitest';
import { defaultActivityForm, lastActivityDate } from './activity-fields';

describe('the activity date picker', () => {
  // Local noon: a daylight-saving change on the way cannot move the date.
  const now = new Date(2026, 0, 10, 12, 0);

  it('offers dates up to 30 days ahead, the start the server takes at the latest', () => {
    expect(lastActivityDate(now)).toBe('2026-02-09');
  });

  it('starts on tomorrow', () => {
    expect(defaultActivityForm(now).date).toBe('2026-01-11');
  });
});
