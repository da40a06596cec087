import { sessionRevokedV1 } from '@saathi/contracts';
import type { EventBus } from '@saathi/platform';
import type { SocketServer } from '../realtime/socket-server';

/** Every replica hears every revocation and closes its own sockets of those sessions at once. */
export function disconnectRevokedSessions(bus: EventBus, sockets: SocketServer): Promise<void> {
  return bus.broadcast(sessionRevokedV1, ({ data }) => sockets.disconnectSessions(data.sessionIds));
}
