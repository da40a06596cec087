import { describe, expect, it } from 'vitest';
import { activeMute, muteText } from './mute-text';

const NOW = new Date('2027-03-10T12:00:00Z');
const IST = 'Asia/Kolkata';

describe('what a muted thread says', () => {
  it('says until when, in the viewer’s time zone', () => {
    expect(muteText('2027-03-10T13:00:00Z', NOW, IST)).toBe('Muted until 18:30');
    expect(muteText('2027-03-10T20:00:00Z', NOW, IST)).toBe('Muted until tomorrow, 01:30');
    expect(muteText('2027-03-12T03:30:00Z', NOW, IST)).toBe('Muted until 12 Mar, 09:00');
    expect(muteText('2027-03-10T20:00:00Z', NOW, 'UTC')).toBe('Muted until 20:00');
  });

  it('says it lasts until turned back on when it has no end', () => {
    expect(muteText(null, NOW, IST)).toBe('Muted until you turn it back on');
  });

  it('says only "Muted" for an end it cannot read', () => {
    expect(muteText('not a time', NOW, IST)).toBe('Muted');
  });
});

describe('which mute holds for a thread', () => {
  const conversation = '6f1c2a3e-0000-4000-8000-000000000001';
  const post = '6f1c2a3e-0000-4000-8000-000000000002';
  const mutes = [
    { kind: 'conversation' as const, id: conversation, until: '2027-03-10T13:00:00Z' },
    { kind: 'activity' as const, id: post, until: null },
  ];

  it('finds the thread by kind and id', () => {
    expect(activeMute(mutes, 'conversation', conversation, NOW)).toEqual(mutes[0]);
    expect(activeMute(mutes, 'activity', post, NOW)).toEqual(mutes[1]);
    expect(activeMute(mutes, 'activity', conversation, NOW)).toBeNull();
    expect(activeMute(undefined, 'activity', post, NOW)).toBeNull();
  });

  it('counts a mute that ran out as none, and one without an end as holding', () => {
    const later = new Date('2027-03-10T13:00:00Z');
    expect(activeMute(mutes, 'conversation', conversation, later)).toBeNull();
    expect(activeMute(mutes, 'activity', post, new Date('2030-01-01T00:00:00Z'))).toEqual(mutes[1]);
  });
});
