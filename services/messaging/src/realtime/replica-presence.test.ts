import { describe, expect, it } from 'vitest';
import { createReplicaPresence, PRESENCE_BEAT_MS } from './replica-presence';
import type { PresenceChannel, PresenceEvents } from './replica-presence';

/** Replicas joined by an in-memory channel: an emit reaches every other replica, at once. */
function replicas(count: number, now: () => number) {
  type Listener = (...args: unknown[]) => void;
  const listeners: Map<string, Listener[]>[] = [];
  const channelOf = (index: number): PresenceChannel => {
    const own = new Map<string, Listener[]>();
    listeners[index] = own;
    return {
      serverSideEmit(event, ...args) {
        for (const [other, theirs] of listeners.entries())
          if (other !== index) for (const listener of theirs.get(event) ?? []) listener(...args);
      },
      on(event, listener) {
        own.set(event, [...(own.get(event) ?? []), listener as Listener]);
      },
    };
  };
  return Array.from({ length: count }, (_, index) => createReplicaPresence(channelOf(index), now));
}

describe('presence across replicas', () => {
  it('knows a user connected to another replica, until their last socket there leaves', () => {
    const [one, two] = replicas(2, () => 0);
    two!.connected('asha');
    two!.connected('asha');
    expect([one!.isOnline('asha'), two!.isOnline('asha'), one!.onlineElsewhere()]).toEqual([true, true, 1]);
    two!.disconnected('asha');
    expect(one!.isOnline('asha')).toBe(true);
    two!.disconnected('asha');
    expect([one!.isOnline('asha'), two!.isOnline('asha')]).toEqual([false, false]);
  });

  it('keeps a user online who moved replicas, whichever announcement arrives first', () => {
    const [one, two, three] = replicas(3, () => 0);
    one!.connected('ravi');
    // Ravi's socket moves from replica one to replica two: the new one connects before the old
    // one's disconnect is told.
    two!.connected('ravi');
    one!.disconnected('ravi');
    expect(three!.isOnline('ravi')).toBe(true);
  });

  it('forgets a replica that has not been heard from for three beats', () => {
    let clock = 0;
    const [one, two] = replicas(2, () => clock);
    two!.connected('mira');
    expect(one!.isOnline('mira')).toBe(true);
    // Replica two crashes: nothing more is heard from it.
    clock += 3 * PRESENCE_BEAT_MS + 1;
    expect([one!.isOnline('mira'), one!.onlineElsewhere()]).toEqual([false, 0]);
    for (const presence of [one, two]) presence!.stop();
  });

  it('learns who is on a running replica from its beat (a replica that just started)', () => {
    let beat: PresenceEvents['presence:beat'] = () => undefined;
    const sent: unknown[][] = [];
    const fresh = createReplicaPresence({
      serverSideEmit: (...args) => sent.push(args),
      on: (event, listener) => {
        if (event === 'presence:beat') beat = listener as PresenceEvents['presence:beat'];
      },
    });
    // It beats at once, so the running replicas learn its users (none yet) and that it exists.
    expect(sent).toEqual([['presence:beat', expect.any(String), []]]);
    beat('replica-a', ['asha', 'ravi']);
    expect([fresh.isOnline('asha'), fresh.isOnline('ravi'), fresh.isOnline('mira')]).toEqual([
      true,
      true,
      false,
    ]);
    beat('replica-a', ['ravi']);
    expect(fresh.isOnline('asha')).toBe(false);
    fresh.stop();
  });

  it('counts only its own sockets without a channel (one process)', () => {
    const alone = createReplicaPresence(undefined);
    alone.connected('asha');
    expect([alone.isOnline('asha'), alone.isOnline('ravi'), alone.onlineElsewhere()]).toEqual([
      true,
      false,
      0,
    ]);
  });
});
