// k6 scenario: the gateway's own health route and a proxied public route. Usage:
//   k6 run -e BASE_URL=https://saathi.example.org load-tests/k6/gateway.js
import http from 'k6/http';
import { check } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:3000';

export const options = {
  vus: 50,
  duration: '30s',
  thresholds: { http_req_duration: ['p(99)<10'], http_req_failed: ['rate<0.01'] },
};

export default function () {
  check(http.get(`${BASE_URL}/healthz`), { healthy: (r) => r.status === 200 });
  check(http.get(`${BASE_URL}/api/auth/user`), { 'identity answers': (r) => r.status === 401 });
}
