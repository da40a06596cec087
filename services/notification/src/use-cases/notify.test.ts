import { describe, expect, it } from 'vitest';
import { notificationUpsertedV1 } from '@saathi/contracts';
import { fakeTx, noticeParts } from '../testing/fake-core';
import type { Emitted } from '../testing/fake-core';
import { noticeOf, notify, notifyFromMany } from './notify';

// The one way a notice is recorded, on fakes: never to oneself, nothing for or naming an erased
// account, the actor named as the projection knows them, and one upserted event when it changed.

const [asha, ravi, meera] = [
  '00000000-0000-4000-8000-0000000000a1',
  '00000000-0000-4000-8000-0000000000a2',
  '00000000-0000-4000-8000-0000000000a3',
];
const notice = (recipientId: string, actorId: string) =>
  noticeOf({
    recipientId,
    type: 'activity_met',
    targetKey: 'activity-met:p',
    actorId,
    at: new Date(0),
    repeatBumps: false,
  });

function emitter() {
  const emitted: Emitted[] = [];
  return {
    emitted,
    emit: (type: { type: string }, data: unknown) => void emitted.push({ type: type.type, data }),
  };
}

describe('notify', () => {
  it('records the notice with the actor’s name and emits it once', async () => {
    const parts = noticeParts({ names: { [asha]: 'Asha' } });
    const { emitted, emit } = emitter();
    const recorded = await notify(parts, fakeTx, emit, notice(ravi, asha));
    expect(recorded).not.toBeNull();
    expect(parts.recorded[0]?.actorName).toBe('Asha');
    expect(emitted.map((event) => event.type)).toEqual([notificationUpsertedV1.type]);
  });

  it('tells nobody of their own action, and nothing for or naming an erased account', async () => {
    const parts = noticeParts({ erased: [meera] });
    const { emitted, emit } = emitter();
    expect(await notify(parts, fakeTx, emit, notice(asha, asha))).toBeNull();
    expect(await notify(parts, fakeTx, emit, notice(meera, asha))).toBeNull();
    expect(await notify(parts, fakeTx, emit, notice(asha, meera))).toBeNull();
    expect(parts.recorded).toEqual([]);
    expect(emitted).toEqual([]);
  });

  it('emits nothing when the notice did not change', async () => {
    const parts = noticeParts({ unchanged: true });
    const { emitted, emit } = emitter();
    expect(await notify(parts, fakeTx, emit, notice(ravi, asha))).toBeNull();
    expect(emitted).toEqual([]);
  });

  it('a notice from many names the last of them, leaves out the recipient and the erased, and emits once', async () => {
    const parts = noticeParts({ erased: [meera] });
    const { emitted, emit } = emitter();
    const { actorId: _unused, ...about } = notice(asha, asha);
    await notifyFromMany(parts, fakeTx, emit, about, [asha, meera, ravi]);
    expect(parts.recorded.map((recorded) => recorded.actorId)).toEqual([ravi]);
    expect(emitted).toHaveLength(1);
  });
});
