import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeReturnPath('/verify-email?token=abc_-123')).toBe('/verify-email?token=abc_-123');
    expect(safeReturnPath('/profile#share')).toBe('/profile#share');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses anything that could leave the site (no open redirect)', () => {
    for (const value of [
      'https://evil.example/',
      'http:/evil.example',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      ' /home',
    ])
      expect(safeReturnPath(value), JSON.stringify(value)).toBeNull();
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, { pathname: '/home' }, ['/home']])
      expect(safeReturnPath(value)).toBeNull();
  });
});
