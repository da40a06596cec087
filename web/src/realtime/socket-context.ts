// The live connection's context, apart from the provider so that the API hooks can send over it
// without importing the provider (which imports them).
import { createContext, useContext } from 'react';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@saathi/contracts';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export const SocketContext = createContext<AppSocket | null>(null);

/** The live connection, or null while signed out or before it exists. */
export function useSocket(): AppSocket | null {
  return useContext(SocketContext);
}
