import { describe, expect, it } from 'vitest';
import { checkInCode, checkInWindow, displayCode, normaliseCode, sameCode } from './check-in';

const KEY = '0b6f6d1e-4a52-4c1e-9a57-3f5d8b2c1e90';
const OTHER_KEY = 'c3a1f4e2-7b6d-4e8f-a1b2-c3d4e5f60718';
const USER = '5f1d2c3b-4a59-4e8f-9a1b-2c3d4e5f6a7b';

describe('check-in codes', () => {
  it('are 10 base32 characters, the same for a person at one activity and different elsewhere', () => {
    const code = checkInCode(KEY, USER);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(checkInCode(KEY, USER)).toBe(code);
    expect(checkInCode(OTHER_KEY, USER)).not.toBe(code);
    expect(checkInCode(KEY, '6f1d2c3b-4a59-4e8f-9a1b-2c3d4e5f6a7b')).not.toBe(code);
    expect(displayCode(code)).toBe(`${code.slice(0, 5)}-${code.slice(5)}`);
  });

  it('read typed and scanned input forgivingly', () => {
    expect(normaliseCode(' 7k2qm-xd94a ')).toBe('7K2QMXD94A');
    expect(normaliseCode('saathi-checkin:7K2QM-XD94A')).toBe('7K2QMXD94A');
    expect(normaliseCode('O1IL0')).toBe('01110');
    expect(sameCode('7K2QMXD94A', normaliseCode('7k2qm xd94a'))).toBe(true);
    expect(sameCode('7K2QMXD94A', '7K2QMXD94B')).toBe(false);
    expect(sameCode('7K2QMXD94A', '7K2QM')).toBe(false);
  });

  it('open 30 minutes before the start and close at the end', () => {
    const window = { startsAt: new Date('2030-01-01T06:00:00Z'), endsAt: new Date('2030-01-01T08:00:00Z') };
    expect(checkInWindow(window, new Date('2030-01-01T05:29:59Z'))).toBe('early');
    expect(checkInWindow(window, new Date('2030-01-01T05:30:00Z'))).toBe('open');
    expect(checkInWindow(window, new Date('2030-01-01T07:59:59Z'))).toBe('open');
    expect(checkInWindow(window, new Date('2030-01-01T08:00:00Z'))).toBe('over');
  });
});
