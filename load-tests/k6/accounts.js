// k6 scenario for teams that run k6 (the binary is not available on our build machines; the
// figures in RESULTS.md come from `npm run bench:accounts`). Usage:
//   k6 run -e BASE_URL=https://saathi.example.org load-tests/k6/accounts.js
import http from 'k6/http';
import { check } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:3000';

export const options = {
  scenarios: {
    currentUser: { executor: 'constant-vus', vus: 50, duration: '30s', exec: 'currentUser' },
    signIn: {
      executor: 'constant-arrival-rate',
      rate: 5,
      timeUnit: '1s',
      duration: '30s',
      preAllocatedVUs: 10,
      exec: 'signIn',
    },
  },
  thresholds: {
    'http_req_duration{scenario:currentUser}': ['p(99)<50'],
    'http_req_failed{scenario:currentUser}': ['rate<0.01'],
  },
};

export function setup() {
  const id = Date.now();
  const user = {
    username: `k6_${id}`,
    email: `k6_${id}@example.com`,
    phone: '9876543210',
    password: 'k6-secret-1',
  };
  const res = http.post(`${BASE_URL}/api/auth/register`, JSON.stringify(user), {
    headers: { 'Content-Type': 'application/json' },
  });
  check(res, { registered: (r) => r.status === 201 });
  return user;
}

export function currentUser(user) {
  const jar = http.cookieJar();
  if (!jar.cookiesForURL(BASE_URL).saathi_at) {
    http.post(
      `${BASE_URL}/api/auth/login`,
      JSON.stringify({ identifier: user.email, password: user.password }),
      {
        headers: { 'Content-Type': 'application/json' },
      },
    );
  }
  check(http.get(`${BASE_URL}/api/auth/user`), { 'signed in': (r) => r.status === 200 });
}

export function signIn(user) {
  const res = http.post(
    `${BASE_URL}/api/auth/login`,
    JSON.stringify({ identifier: user.email, password: user.password }),
    {
      headers: { 'Content-Type': 'application/json' },
    },
  );
  check(res, { 'signed in': (r) => r.status === 200 || r.status === 429 });
}
