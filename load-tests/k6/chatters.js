// Chatters: signed-in people in 1:1 conversations over Socket.IO through the gateway. setup()
// makes PAIRS pairs of accounts with a conversation each; every VU signs in as one side, holds a
// websocket, sends a message over REST every 2–4 s, and times its partner's messages from send
// to the `message:new` push. Usage:
//   k6 run -e BASE_URL=https://saathi.example.org -e PAIRS=100 load-tests/k6/chatters.js
// Speaks Engine.IO v4 / Socket.IO v5 framing by hand: `0` open, `40` connect, `2`/`3` ping/pong,
// `42[event, payload]` events. See lib.js about the sign-in rate limits.
import http from 'k6/http';
import { check } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import { WebSocket } from 'k6/experimental/websockets';
import { BASE_URL, JSON_HEADERS, cookieHeader, signUp } from './lib.js';

const PAIRS = Number(__ENV.PAIRS || 100);
const delivered = new Counter('chat_messages_delivered');
const deliveryMs = new Trend('chat_delivery_ms', true);

export const options = {
  scenarios: {
    chatters: { executor: 'per-vu-iterations', vus: PAIRS * 2, iterations: 1, maxDuration: '5m' },
  },
  thresholds: { chat_delivery_ms: ['p(99)<50'], http_req_failed: ['rate<0.01'] },
};

export function setup() {
  const pairs = [];
  for (let i = 0; i < PAIRS; i++) {
    const b = signUp(`chat_b${i}`);
    const a = signUp(`chat_a${i}`); // the jar now holds a's session
    if (!a || !b) continue;
    const res = http.post(
      `${BASE_URL}/api/conversations`,
      JSON.stringify({ participantId: b.id }),
      JSON_HEADERS,
    );
    check(res, { 'conversation started': (r) => r.status === 200 });
    pairs.push({ conversationId: res.json('id'), sides: [a, b] });
  }
  return { pairs };
}

export default function ({ pairs }) {
  const pair = pairs[Math.floor((__VU - 1) / 2) % pairs.length];
  const me = pair.sides[(__VU - 1) % 2];
  const login = http.post(
    `${BASE_URL}/api/auth/login`,
    JSON.stringify({ identifier: me.email, password: 'k6-secret-1' }),
    JSON_HEADERS,
  );
  if (!check(login, { 'signed in': (r) => r.status === 200 })) return;

  const socket = new WebSocket(
    `${BASE_URL.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`,
    null,
    {
      headers: { Cookie: cookieHeader(), Origin: BASE_URL },
    },
  );
  socket.onmessage = (event) => {
    const frame = String(event.data);
    if (frame.startsWith('0')) socket.send('40');
    else if (frame === '2') socket.send('3');
    else if (frame.startsWith('42')) {
      const [name, message] = JSON.parse(frame.slice(2));
      if (name !== 'message:new' || message.senderId === me.id) return;
      delivered.add(1);
      const sentAt = Number(String(message.content).split('@')[1]);
      if (sentAt) deliveryMs.add(Date.now() - sentAt);
    }
  };
  const sender = setInterval(
    () => {
      const res = http.post(
        `${BASE_URL}/api/messages`,
        JSON.stringify({ conversationId: pair.conversationId, content: `hello @${Date.now()}` }),
        JSON_HEADERS,
      );
      check(res, { 'message stored': (r) => r.status === 201 });
    },
    2000 + Math.random() * 2000,
  );
  setTimeout(() => {
    clearInterval(sender);
    socket.close();
  }, 120_000);
}
