// Feed readers: the crowd that scrolls the home screen. Each VU opens the feed around a
// neighbourhood, pages through it, filters by a hashtag, searches now and then. Read-only and
// anonymous, as most readers are. Usage:
//   k6 run -e BASE_URL=https://saathi.example.org load-tests/k6/feed-readers.js
import http from 'k6/http';
import { check, sleep } from 'k6';
import { BASE_URL, HASHTAGS, PLACES, jitter, pick } from './lib.js';

export const options = {
  scenarios: {
    readers: {
      executor: 'ramping-vus',
      stages: [
        { duration: '1m', target: 200 },
        { duration: '3m', target: 200 },
        { duration: '30s', target: 0 },
      ],
    },
  },
  // The feed's targets (docs/feed.md): p99 within 50 ms at the gateway, no errors.
  thresholds: { http_req_duration: ['p(99)<50'], http_req_failed: ['rate<0.01'] },
};

export default function () {
  const place = pick(PLACES);
  const at = `latitude=${jitter(place.latitude, 300)}&longitude=${jitter(place.longitude, 300)}`;
  for (let offset = 0; offset < 30; offset += 10) {
    const page = http.get(`${BASE_URL}/api/posts?${at}&limit=10&offset=${offset}`, {
      tags: { name: 'feed page' },
    });
    check(page, { 'feed answers': (r) => r.status === 200 });
    sleep(1 + Math.random() * 2); // reading
  }
  const tag = encodeURIComponent(pick(HASHTAGS));
  check(http.get(`${BASE_URL}/api/posts?${at}&hashtag=${tag}`, { tags: { name: 'feed by hashtag' } }), {
    'hashtag filter answers': (r) => r.status === 200,
  });
  if (Math.random() < 0.3)
    check(http.get(`${BASE_URL}/api/posts?${at}&search=partner`, { tags: { name: 'feed search' } }), {
      'search answers': (r) => r.status === 200,
    });
  sleep(2);
}
