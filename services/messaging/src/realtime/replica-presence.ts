import { randomUUID } from 'node:crypto';

/** How often a replica tells the others every user it holds a socket of. */
export const PRESENCE_BEAT_MS = 5_000;
/** A replica not heard of for this long is gone (crashed or stopped): its users are not counted. */
const REPLICA_SILENT_MS = 3 * PRESENCE_BEAT_MS;

/** What replicas tell each other about presence (`serverSideEmit`, through the Redis adapter). */
export interface PresenceEvents {
  'presence:up': (replicaId: string, userId: string) => void;
  'presence:down': (replicaId: string, userId: string) => void;
  'presence:beat': (replicaId: string, userIds: string[]) => void;
}

/** The part of Socket.IO's server the presence uses (serverSideEmit reaches the other replicas). */
export interface PresenceChannel {
  serverSideEmit<E extends keyof PresenceEvents>(event: E, ...args: Parameters<PresenceEvents[E]>): unknown;
  on<E extends keyof PresenceEvents>(event: E, listener: PresenceEvents[E]): unknown;
}

export interface ReplicaPresence {
  /** Whether the user has a socket open on this replica or, as last heard, on another. */
  isOnline(userId: string): boolean;
  /** Users with a socket on another live replica, as last heard (a metric: how far presence has spread). */
  onlineElsewhere(): number;
  /** A socket of the user connected here. */
  connected(userId: string): void;
  /** A socket of the user here disconnected. */
  disconnected(userId: string): void;
  stop(): void;
}

/**
 * Who is online across the messaging replicas, known locally on each, so a send asks nobody.
 * Each replica announces a user's first socket and last disconnect as they happen, and every
 * PRESENCE_BEAT_MS the full list of users it holds, which also teaches a replica that just
 * started. A replica silent for three beats is forgotten with its users. The view can lag an
 * announcement by a stream hop: a send then takes the recipient for away, which costs at most a
 * mail they did not need (the rule the per-send question had when the others answered late).
 * Without a channel (one process, no Redis) only this replica's sockets count.
 */
export function createReplicaPresence(
  channel: PresenceChannel | undefined,
  now: () => number = Date.now,
  onError: (err: unknown) => void = () => undefined,
): ReplicaPresence {
  const replicaId = randomUUID();
  /** Sockets per user on this replica. */
  const here = new Map<string, number>();
  /** The other replicas' users, and when each replica was last heard from. */
  const others = new Map<string, { users: Set<string>; heardAt: number }>();

  const heard = (id: string) => {
    let replica = others.get(id);
    if (!replica) {
      replica = { users: new Set(), heardAt: now() };
      others.set(id, replica);
    }
    replica.heardAt = now();
    return replica;
  };
  /** Tells the other replicas; a failure (Redis away) is logged, never thrown into a socket handler. */
  const tell = <E extends keyof PresenceEvents>(event: E, ...args: Parameters<PresenceEvents[E]>) => {
    if (!channel) return;
    try {
      const sent = channel.serverSideEmit(event, ...args);
      if (sent instanceof Promise) sent.catch(onError);
    } catch (err) {
      onError(err);
    }
  };
  const beat = () => tell('presence:beat', replicaId, [...here.keys()]);

  let timer: NodeJS.Timeout | undefined;
  if (channel) {
    channel.on('presence:up', (id, userId) => {
      if (typeof id === 'string' && typeof userId === 'string') heard(id).users.add(userId);
    });
    channel.on('presence:down', (id, userId) => {
      if (typeof id === 'string' && typeof userId === 'string') heard(id).users.delete(userId);
    });
    channel.on('presence:beat', (id, userIds) => {
      if (typeof id === 'string' && Array.isArray(userIds)) heard(id).users = new Set(userIds);
    });
    timer = setInterval(beat, PRESENCE_BEAT_MS).unref();
    beat();
  }

  return {
    isOnline(userId) {
      if (here.has(userId)) return true;
      const at = now();
      for (const [id, replica] of others) {
        if (at - replica.heardAt > REPLICA_SILENT_MS) others.delete(id);
        else if (replica.users.has(userId)) return true;
      }
      return false;
    },
    onlineElsewhere() {
      const at = now();
      const users = new Set<string>();
      for (const replica of others.values())
        if (at - replica.heardAt <= REPLICA_SILENT_MS) for (const userId of replica.users) users.add(userId);
      return users.size;
    },
    connected(userId) {
      const sockets = here.get(userId) ?? 0;
      here.set(userId, sockets + 1);
      if (sockets === 0) tell('presence:up', replicaId, userId);
    },
    disconnected(userId) {
      const sockets = (here.get(userId) ?? 1) - 1;
      if (sockets > 0) {
        here.set(userId, sockets);
        return;
      }
      here.delete(userId);
      tell('presence:down', replicaId, userId);
    },
    stop() {
      clearInterval(timer);
    },
  };
}
