import { describe, expect, it } from 'vitest';
import { usernameSchema } from '@saathi/contracts';
import { base64DecodedLength, sniffImageKind } from '@saathi/platform';
import { parseDataUrl } from './image-sniffing';
import { formatRefreshToken, hashToken, parseRefreshToken, randomToken } from './tokens';
import { baseUsernameFromEmail, usernameCandidates } from './usernames';

describe('tokens', () => {
  it('makes 256-bit base64url tokens and hashes them with SHA-256', () => {
    const token = randomToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('round-trips refresh tokens and rejects malformed ones', () => {
    const value = formatRefreshToken({
      sessionId: '6f1c1a9e-4b8e-4f7a-9c55-0e2e4a2b9d10',
      secret: randomToken(),
    });
    expect(parseRefreshToken(value)?.sessionId).toBe('6f1c1a9e-4b8e-4f7a-9c55-0e2e4a2b9d10');
    for (const bad of [
      undefined,
      '',
      'nodot',
      'not-a-uuid.secretsecretsecretsecret',
      '6f1c1a9e-4b8e-4f7a-9c55-0e2e4a2b9d10.short',
    ]) {
      expect(parseRefreshToken(bad)).toBeNull();
    }
  });
});

describe('image sniffing', () => {
  it('recognises PNG, JPEG, GIF and WebP by their magic bytes only', () => {
    expect(sniffImageKind(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('png');
    expect(sniffImageKind(Buffer.from('ffd8ffe000104a464946', 'hex'))).toBe('jpeg');
    expect(sniffImageKind(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniffImageKind(Buffer.from('GIF87a....'))).toBe('gif');
    expect(sniffImageKind(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('webp');
    expect(sniffImageKind(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffImageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageKind(Buffer.alloc(0))).toBeNull();
  });

  it('parses data URLs and sizes base64 without decoding', () => {
    expect(parseDataUrl('data:image/png;base64,AAAA')).toEqual({ declaredType: 'image/png', base64: 'AAAA' });
    expect(parseDataUrl('data:image/png;name=a.png;base64,AA==')?.base64).toBe('AA==');
    expect(parseDataUrl('data:text/plain,hello')).toBeNull();
    expect(base64DecodedLength(Buffer.alloc(1000).toString('base64'))).toBe(1000);
    expect(base64DecodedLength(Buffer.alloc(1001).toString('base64'))).toBe(1001);
  });
});

describe('usernames from e-mail', () => {
  it('keeps safe characters, pads short names and leaves room for a suffix', () => {
    expect(baseUsernameFromEmail('Priya.Sharma+spam@gmail.com')).toBe('priya.sharmaspam');
    expect(baseUsernameFromEmail('a@x.com').length).toBeGreaterThanOrEqual(3);
    expect(baseUsernameFromEmail(`${'x'.repeat(60)}@x.com`).length).toBeLessThanOrEqual(25);
    expect(usernameCandidates('ravi').slice(0, 3)).toEqual(['ravi', 'ravi1', 'ravi2']);
    // Only what sign-up allows, and never a reserved name.
    expect(baseUsernameFromEmail('anil-kumar@x.com')).toBe('anilkumar');
    expect(baseUsernameFromEmail('Admin@x.com')).toBe('user_admin');
    expect(baseUsernameFromEmail('saathi.team@x.com')).toBe('user_saathi.team');
    for (const email of ['support@x.com', '-.-@x.com', 'a-b_c.d@x.com', 'SAATHI@x.com'])
      expect(usernameSchema.safeParse(baseUsernameFromEmail(email)).success, email).toBe(true);
  });
});
