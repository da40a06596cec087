import { describe, expect, it } from 'vitest';
import { createAccessTokenVerifier, generateKeyPair } from '@saathi/platform';
import { TestClock } from '@saathi/platform/testing';
import { AccessTokens } from './access-token';

const keys = generateKeyPair();
const clock = new TestClock();
const tokens = new AccessTokens(keys.privateKey, keys.publicKey, 600, clock);
const claims = { sub: 'u-1', username: 'asha', role: 'user' as const, sid: 's-1' };
const FLOW = 'saathi-google-flow';

describe('access tokens and signed values', () => {
  it('signs access tokens every service accepts', () => {
    expect(createAccessTokenVerifier(keys.publicKey)(tokens.sign(claims))).toMatchObject({ id: 'u-1' });
  });

  it('never accepts a signed value as an access token, even one carrying access claims', () => {
    const value = tokens.signValue(FLOW, claims, 600);
    expect(tokens.verifyValue(FLOW, value)).toMatchObject({ sub: 'u-1' });
    expect(tokens.verify(value)).toBeNull();
    expect(createAccessTokenVerifier(keys.publicKey)(value)).toBeNull();
  });

  it('never accepts an access token as a signed value, whatever audience is asked for', () => {
    const access = tokens.sign(claims);
    expect(tokens.verifyValue(FLOW, access)).toBeNull();
    expect(tokens.verifyValue('saathi-api', access)).toBeNull();
  });

  it('refuses a signed value after its lifetime', () => {
    const value = tokens.signValue(FLOW, { state: 's' }, 60);
    clock.advance(61_000);
    expect(tokens.verifyValue(FLOW, value)).toBeNull();
  });
});
