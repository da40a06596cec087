import { describe, expect, it } from 'vitest';
import { generateMailTokenKey, mailTokenKeyVar, openToken, sealToken } from './sealed-token';

const key = Buffer.from(generateMailTokenKey(), 'base64');
const now = new Date('2026-01-01T00:00:00Z');
const inAnHour = new Date(now.getTime() + 3_600_000);

describe('sealed tokens', () => {
  it('opens what it sealed, for the same purpose, before the expiry', () => {
    const sealed = sealToken(key, 'password-reset', 'raw-token-value', inAnHour);
    expect(sealed).not.toContain('raw-token-value');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(openToken(key, 'password-reset', sealed, now)).toBe('raw-token-value');
  });

  it('does not open for another purpose, another key, after the expiry, or when tampered with', () => {
    const sealed = sealToken(key, 'password-reset', 'raw-token-value', inAnHour);
    expect(openToken(key, 'email-verification', sealed, now)).toBeNull();
    expect(
      openToken(Buffer.from(generateMailTokenKey(), 'base64'), 'password-reset', sealed, now),
    ).toBeNull();
    expect(openToken(key, 'password-reset', sealed, inAnHour)).toBeNull();
    const [v, iv, body] = sealed.split('.');
    const flipped = `${body!.slice(0, 5)}${body![5] === 'A' ? 'B' : 'A'}${body!.slice(6)}`;
    expect(openToken(key, 'password-reset', `${v}.${iv}.${flipped}`, now)).toBeNull();
    expect(openToken(key, 'password-reset', 'garbage', now)).toBeNull();
  });

  it('seals the same token differently every time', () => {
    expect(sealToken(key, 'p', 't', inAnHour)).not.toBe(sealToken(key, 'p', 't', inAnHour));
  });

  it('reads MAIL_TOKEN_KEY as base64 of 32 bytes and refuses anything else', () => {
    const value = generateMailTokenKey();
    expect(mailTokenKeyVar().parse(value)).toEqual(Buffer.from(value, 'base64'));
    expect(mailTokenKeyVar().safeParse('c2hvcnQ=').success).toBe(false);
    expect(mailTokenKeyVar().safeParse('file:/nonexistent/key').success).toBe(false);
  });
});
