/**
 * Bench child: a bare Socket.IO server, the realtime bench's baseline. Each socket joins the room
 * its handshake names; `msg` is relayed to the named room. No auth, no database, no adapter.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

const server = createServer();
const io = new Server(server, { serveClient: false, maxHttpBufferSize: 16 * 1024 });
io.on('connection', (socket) => {
  const room = socket.handshake.query.room;
  if (typeof room === 'string') void socket.join(room);
  socket.on('msg', (to: string, payload: unknown) => {
    io.to(to).emit('msg', payload);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pid: String(process.pid),
  });
});
process.on('disconnect', () => {
  void io.close();
  process.exit(0);
});
