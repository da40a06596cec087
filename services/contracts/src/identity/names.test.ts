import { describe, expect, it } from 'vitest';
import { authorNameOf, initialsOf, profileDisplayNameOf } from './names';

describe('name rules (docs/product.md#author-names-and-initials)', () => {
  it('author name falls back from firstName to username to "User"', () => {
    expect(authorNameOf({ firstName: 'Asha', username: 'asha99' })).toBe('Asha');
    expect(authorNameOf({ firstName: ' ', username: 'asha99' })).toBe('asha99');
    expect(authorNameOf({})).toBe('User');
    expect(authorNameOf(null)).toBe('Anonymous User');
  });

  it('initials use two words of firstName, else two letters of firstName or username', () => {
    expect(initialsOf({ firstName: 'asha rani devi' })).toBe('AR');
    expect(initialsOf({ firstName: 'Asha' })).toBe('AS');
    expect(initialsOf({ username: 'zed' })).toBe('ZE');
    expect(initialsOf({})).toBe('U');
    expect(initialsOf(undefined)).toBe('AU');
  });

  it('profile display name prefers displayName, then username (own) or full name (other)', () => {
    const user = { username: 'asha99', firstName: 'Asha', lastName: 'Rao' };
    expect(profileDisplayNameOf({ displayName: 'A.R.' }, user, true)).toBe('A.R.');
    expect(profileDisplayNameOf(null, user, true)).toBe('asha99');
    expect(profileDisplayNameOf({ displayName: '' }, user, false)).toBe('Asha Rao');
    expect(profileDisplayNameOf(null, { username: 'x' }, false)).toBe('Anonymous User');
    expect(profileDisplayNameOf(null, null, false)).toBe('Anonymous User');
  });
});
