import { Counter, Gauge } from 'prom-client';
import type { App } from '@saathi/platform';
import type { ReplicaPresence } from './replica-presence';
import type { MessagingServer } from './socket-server';

export type CountSocketEvent = (event: string, direction: 'out' | 'in' | 'refused') => void;

/**
 * `messaging_sockets_connected`: sockets this process holds, read at scrape time.
 * `messaging_socket_events_total{event, direction}`: pushes sent (`out`, one per emit to a
 * room, whatever the room's size) and client events received (`in`); its rate is the
 * realtime traffic per second. `refused` counts the received events a socket's rate limit
 * turned away (each also counted `in`), beside the traffic on the same dashboard panel.
 * `messaging_presence_users_elsewhere`: users this process knows to be connected to another
 * replica (replica-presence.ts); 0 on a single process.
 */
export function registerSocketMetrics(
  app: App,
  io: MessagingServer,
  presence: Pick<ReplicaPresence, 'onlineElsewhere'>,
): CountSocketEvent {
  new Gauge({
    name: 'messaging_sockets_connected',
    help: 'Socket.IO connections held by this messaging process',
    registers: [app.httpMetrics.registry],
    collect() {
      this.set(io.of('/').sockets.size);
    },
  });
  new Gauge({
    name: 'messaging_presence_users_elsewhere',
    help: 'Users this messaging process knows to have a socket open on another replica',
    registers: [app.httpMetrics.registry],
    collect() {
      this.set(presence.onlineElsewhere());
    },
  });
  const events = new Counter({
    name: 'messaging_socket_events_total',
    help: 'Socket.IO events pushed to rooms (out), received from clients (in) and refused for their rate (refused)',
    labelNames: ['event', 'direction'] as const,
    registers: [app.httpMetrics.registry],
  });
  return (event, direction) => events.inc({ event, direction });
}
