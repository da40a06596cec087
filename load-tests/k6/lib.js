// Shared helpers for the k6 scenarios (k6 runs these files itself; they are not part of npm test).
// Sign-up and sign-in are rate limited per client address at the gateway: for a load test from
// a few machines, raise AUTH_RATE_LIMIT_PER_MINUTE and RATE_LIMIT_PER_MINUTE on the gateway
// under test (or run from many addresses), or every VU after the first few gets 429.
import http from 'k6/http';
import { check } from 'k6';

export const BASE_URL = __ENV.BASE_URL || 'http://localhost:3000';
export const JSON_HEADERS = { headers: { 'Content-Type': 'application/json' } };

/** A few neighbourhoods of New Delhi (within the feed's 1 km of each other's centres). */
export const PLACES = [
  { latitude: 28.6139, longitude: 77.209 },
  { latitude: 28.5933, longitude: 77.2197 },
  { latitude: 28.6304, longitude: 77.2177 },
  { latitude: 28.5672, longitude: 77.21 },
];
export const HASHTAGS = ['gym', 'study', 'hiking', 'fitness', 'morning'];

export const pick = (items) => items[Math.floor(Math.random() * items.length)];
export const jitter = (value, metres) => value + ((Math.random() - 0.5) * metres) / 111_000;

/** Registers a new account; the VU's cookie jar then holds its session. Returns the user. */
export function signUp(prefix) {
  const id = `${prefix}_${__VU}_${Date.now().toString(36)}`;
  const res = http.post(
    `${BASE_URL}/api/auth/register`,
    JSON.stringify({
      username: id.slice(0, 30),
      email: `${id}@example.com`,
      phone: '9876543210',
      password: 'k6-secret-1',
    }),
    JSON_HEADERS,
  );
  check(res, { 'signed up': (r) => r.status === 201 });
  return res.status === 201 ? res.json() : null;
}

/** The session cookie header for a websocket handshake (k6's websocket does not use the jar). */
export function cookieHeader() {
  const cookies = http.cookieJar().cookiesForURL(BASE_URL);
  return Object.entries(cookies)
    .map(([name, values]) => `${name}=${values[0]}`)
    .join('; ');
}
