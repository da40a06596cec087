import { Gauge } from 'prom-client';
import type { App } from '@saathi/platform';
import type { MessagingServer } from './socket-server';

/** `messaging_sockets_connected`: sockets this process holds, read at scrape time. */
export function registerSocketMetrics(app: App, io: MessagingServer): void {
  new Gauge({
    name: 'messaging_sockets_connected',
    help: 'Socket.IO connections held by this messaging process',
    registers: [app.httpMetrics.registry],
    collect() {
      this.set(io.of('/').sockets.size);
    },
  });
}
