import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateKeyPair } from '@saathi/platform';
import { TestClock } from '@saathi/platform/testing';
import { DEVICE_TOKEN_TTL_SECONDS, DeviceTokens } from './device-token';

const keys = generateKeyPair();
const clock = new TestClock();
const devices = new DeviceTokens(keys.privateKey, clock, false);

describe('device tokens', () => {
  it('name one account, each with an id of its own', () => {
    const userId = randomUUID();
    const one = devices.verifyFor(devices.issue(userId), userId);
    const two = devices.verifyFor(devices.issue(userId), userId);
    expect(one?.userId).toBe(userId);
    expect(two?.id).toBeTruthy();
    expect(two?.id).not.toBe(one?.id);
    expect(devices.verifyFor(devices.issue(userId), randomUUID())).toBeNull();
  });

  it('refuse an altered, malformed or missing token, and one made under another signing key', () => {
    const userId = randomUUID();
    const token = devices.issue(userId);
    const [, issued, id, mac] = token.split('.') as [string, string, string, string];
    const other = randomUUID();
    expect(devices.verifyFor(`${other}.${issued}.${id}.${mac}`, other)).toBeNull();
    expect(devices.verifyFor(`${userId}.${Number(issued) + 1}.${id}.${mac}`, userId)).toBeNull();
    const flipped = token.slice(-3, -2) === 'A' ? 'B' : 'A';
    expect(devices.verifyFor(`${token.slice(0, -3)}${flipped}${token.slice(-2)}`, userId)).toBeNull();
    expect(devices.verifyFor(`${token}.x`, userId)).toBeNull();
    expect(devices.verifyFor('', userId)).toBeNull();
    expect(devices.verifyFor(undefined, userId)).toBeNull();
    const elsewhere = new DeviceTokens(generateKeyPair().privateKey, clock, false);
    expect(elsewhere.verifyFor(token, userId)).toBeNull();
  });

  it('last a year from their issue', () => {
    const userId = randomUUID();
    const token = devices.issue(userId);
    clock.advance((DEVICE_TOKEN_TTL_SECONDS - 60) * 1000);
    expect(devices.verifyFor(token, userId)).not.toBeNull();
    clock.advance(60_000);
    expect(devices.verifyFor(token, userId)).toBeNull();
  });
});
