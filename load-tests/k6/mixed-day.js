// A mixed day: mostly readers, some posters and commenters, a few chatting, arriving over the
// day's curve (morning and evening peaks compressed into minutes). Usage:
//   k6 run -e BASE_URL=https://saathi.example.org load-tests/k6/mixed-day.js
// See lib.js about the sign-in rate limits.
import http from 'k6/http';
import { check, sleep } from 'k6';
import { BASE_URL, HASHTAGS, JSON_HEADERS, PLACES, jitter, pick, signUp } from './lib.js';

const curve = [
  { duration: '1m', target: 50 }, // early morning
  { duration: '2m', target: 300 }, // morning peak
  { duration: '2m', target: 120 }, // day
  { duration: '2m', target: 400 }, // evening peak
  { duration: '1m', target: 0 },
];

export const options = {
  scenarios: {
    readers: { executor: 'ramping-vus', stages: curve, exec: 'read' },
    posters: {
      executor: 'ramping-vus',
      stages: curve.map((stage) => ({ ...stage, target: Math.ceil(stage.target / 10) })),
      exec: 'post',
    },
  },
  thresholds: {
    'http_req_duration{scenario:readers}': ['p(99)<50'],
    'http_req_duration{scenario:posters}': ['p(99)<200'],
    http_req_failed: ['rate<0.01'],
  },
};

const point = () => {
  const place = pick(PLACES);
  return { latitude: jitter(place.latitude, 300), longitude: jitter(place.longitude, 300) };
};

export function read() {
  const { latitude, longitude } = point();
  const page = http.get(`${BASE_URL}/api/posts?latitude=${latitude}&longitude=${longitude}`, {
    tags: { name: 'feed page' },
  });
  check(page, { 'feed answers': (r) => r.status === 200 });
  const posts = page.status === 200 ? page.json() : [];
  if (posts.length > 0 && Math.random() < 0.3)
    http.get(`${BASE_URL}/api/posts/${pick(posts).id}/comments`, { tags: { name: 'comments' } });
  sleep(2 + Math.random() * 3);
}

let signedIn = false;
export function post() {
  if (!signedIn) signedIn = Boolean(signUp('day'));
  if (!signedIn) return;
  const { latitude, longitude } = point();
  const created = http.post(
    `${BASE_URL}/api/posts`,
    JSON.stringify({
      content: `Looking for a ${pick(['gym', 'study', 'hiking', 'fitness'])} partner this evening`,
      latitude,
      longitude,
      hashtags: [pick(HASHTAGS)],
    }),
    { ...JSON_HEADERS, tags: { name: 'create post' } },
  );
  check(created, { 'post created': (r) => r.status === 201 });
  if (created.status === 201) {
    const id = created.json('id');
    http.post(`${BASE_URL}/api/posts/${id}/like`, null, { tags: { name: 'like' } });
    http.post(`${BASE_URL}/api/comments`, JSON.stringify({ postId: id, content: 'Count me in!' }), {
      ...JSON_HEADERS,
      tags: { name: 'comment' },
    });
  }
  sleep(20 + Math.random() * 20);
}
