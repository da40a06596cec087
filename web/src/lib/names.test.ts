import { describe, expect, it } from 'vitest';
import { authorName, avatarLetter, initials, isRealProfileImage, profileDisplayName } from './names';

describe('profileDisplayName', () => {
  it('prefers the profile display name', () => {
    expect(profileDisplayName({ displayName: 'Asha K', isOwn: true, user: { username: 'asha' } })).toBe(
      'Asha K',
    );
  });

  it('falls back to the own username on the own profile', () => {
    expect(
      profileDisplayName({ displayName: '  ', isOwn: true, user: { username: 'asha', firstName: 'Asha' } }),
    ).toBe('asha');
  });

  it("falls back to the other user's first and last name", () => {
    expect(
      profileDisplayName({
        displayName: null,
        isOwn: false,
        user: { username: 'ravi', firstName: 'Ravi', lastName: 'Kumar' },
      }),
    ).toBe('Ravi Kumar');
    expect(
      profileDisplayName({
        displayName: null,
        isOwn: false,
        user: { username: 'ravi', firstName: 'Ravi', lastName: null },
      }),
    ).toBe('Ravi');
  });

  it('ends at "Anonymous User"', () => {
    expect(
      profileDisplayName({
        displayName: null,
        isOwn: false,
        user: { username: 'ravi', firstName: null, lastName: null },
      }),
    ).toBe('Anonymous User');
    expect(profileDisplayName({ displayName: undefined, isOwn: true, user: null })).toBe('Anonymous User');
  });
});

describe('authorName', () => {
  it('uses firstName, then username, then "User"', () => {
    expect(authorName({ firstName: 'Meera', username: 'meera1' })).toBe('Meera');
    expect(authorName({ firstName: null, username: 'meera1' })).toBe('meera1');
    expect(authorName({ firstName: '', username: '' })).toBe('User');
    expect(authorName(null)).toBe('Anonymous User');
  });
});

describe('initials', () => {
  it('takes the first letters of the first two words of firstName', () => {
    expect(initials({ firstName: 'anil kumar singh', username: 'ak' })).toBe('AK');
  });

  it('takes the first two letters of a one-word firstName', () => {
    expect(initials({ firstName: 'Priya', username: 'p' })).toBe('PR');
  });

  it('falls back to the username, then "U", and "AU" without a user', () => {
    expect(initials({ firstName: null, username: 'zed' })).toBe('ZE');
    expect(initials({ firstName: null, username: '' })).toBe('U');
    expect(initials(undefined)).toBe('AU');
  });
});

describe('avatarLetter', () => {
  it('is the upper-cased first letter, or "U" for an empty name', () => {
    expect(avatarLetter('asha')).toBe('A');
    expect(avatarLetter('  ')).toBe('U');
  });
});

describe('isRealProfileImage', () => {
  it('treats empty values and generated placeholders as no image', () => {
    expect(isRealProfileImage(null)).toBe(false);
    expect(isRealProfileImage('')).toBe(false);
    expect(isRealProfileImage('https://ui-avatars.com/api/?name=A')).toBe(false);
    expect(isRealProfileImage('https://via.placeholder.com/150')).toBe(false);
    expect(isRealProfileImage('/api/upload/profile-image/abc')).toBe(true);
  });
});
