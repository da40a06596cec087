import net from 'node:net';

export interface TcpProxy {
  /** The proxy's port on 127.0.0.1: point a client's URL here instead of at the target. */
  port: number;
  /**
   * A network failure between the client and its server: every open connection is destroyed
   * and new ones are refused until `restore()`. The server itself never notices anything.
   */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A plain TCP relay to `target` that a test can cut and restore, to fail one client's link to
 * a shared server (e.g. the machine's PostgreSQL) without disturbing anyone else using it.
 * While cut it does not listen at all, so a connect fails at once with ECONNREFUSED, as when
 * the database host is down or restarting.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    track(client);
    track(upstream);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));

  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  let cut = false;
  return {
    port,
    async cut() {
      if (cut) return;
      cut = true;
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async restore() {
      if (!cut) return;
      await listen(port);
      cut = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (!cut) await stopListening();
      cut = true;
    },
  };
}
