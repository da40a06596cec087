import { describe, expect, it } from 'vitest';
import { dataExportExpiryText } from './data-export';

describe('dataExportExpiryText', () => {
  const zone = 'Asia/Kolkata';
  it('names the day only when it is not today', () => {
    const now = new Date('2026-11-23T04:30:00Z'); // 10:00 in India
    expect(dataExportExpiryText('2026-11-23T12:30:00Z', now, zone)).toMatch(
      /^Available until 6:00 pm today$/i,
    );
    expect(dataExportExpiryText('2026-11-24T04:30:00Z', now, zone)).toMatch(
      /^Available until 10:00 am tomorrow$/i,
    );
    expect(dataExportExpiryText('2026-11-26T04:30:00Z', now, zone)).toMatch(
      /^Available until 26 Nov, 10:00 am$/i,
    );
  });
});
