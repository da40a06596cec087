import { describe, expect, it } from 'vitest';
import { asQueueUnavailable, isQueueUnavailable, QueueUnavailableError } from './unavailable';

describe('asQueueUnavailable', () => {
  it('turns the refusals of an unreachable or not-ready Redis into QueueUnavailableError', () => {
    const refusals = [
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      new Error('Connection is closed.'),
      new Error('LOADING Redis is loading the dataset in memory'),
      new Error("OOM command not allowed when used memory > 'maxmemory'."),
    ];
    for (const refusal of refusals) expect(asQueueUnavailable(refusal)).toBeInstanceOf(QueueUnavailableError);
  });

  it('leaves every other failure as it is', () => {
    const wrong = new Error('ERR Error running script: invalid job');
    expect(asQueueUnavailable(wrong)).toBe(wrong);
    expect(isQueueUnavailable(wrong)).toBe(false);
    expect(isQueueUnavailable('not an error')).toBe(false);
  });
});
