import { describe, expect, it } from 'vitest';
import type { Circle } from '@saathi/contracts';
import { circleStanding, isMember, isOrganiser, memberCountText, nextActivityText } from './circle-text';

type Standing = Pick<Circle, 'viewer' | 'joinPolicy' | 'closedAt'>;
const base: Standing = { viewer: null, joinPolicy: 'open', closedAt: null };
const viewer = (over: Partial<NonNullable<Circle['viewer']>> = {}): Circle['viewer'] => ({
  role: null,
  isCreator: false,
  request: null,
  ...over,
});

describe('a circle for its viewer', () => {
  it('asks a signed-out visitor to sign in', () => {
    expect(circleStanding(base)).toBe('signed-out');
  });

  it('offers Join on an open circle and Ask to join on the other kind', () => {
    expect(circleStanding({ ...base, viewer: viewer() })).toBe('join');
    expect(circleStanding({ ...base, joinPolicy: 'ask', viewer: viewer() })).toBe('ask');
  });

  it('says a request is pending, and a removal keeps the person from asking again', () => {
    expect(circleStanding({ ...base, joinPolicy: 'ask', viewer: viewer({ request: 'requested' }) })).toBe(
      'requested',
    );
    expect(circleStanding({ ...base, viewer: viewer({ request: 'removed' }) })).toBe('removed');
  });

  it('tells members and the creator apart, and offers nothing on a closed circle', () => {
    expect(circleStanding({ ...base, viewer: viewer({ role: 'member' }) })).toBe('member');
    expect(circleStanding({ ...base, viewer: viewer({ role: 'organiser', isCreator: true }) })).toBe(
      'creator',
    );
    expect(circleStanding({ ...base, closedAt: '2026-11-29T08:00:00Z', viewer: viewer() })).toBe('closed');
    // A member of a closed circle still sees that they are in it.
    expect(
      circleStanding({ ...base, closedAt: '2026-11-29T08:00:00Z', viewer: viewer({ role: 'member' }) }),
    ).toBe('member');
  });

  it('knows organisers and members', () => {
    expect(isOrganiser({ viewer: viewer({ role: 'organiser' }) })).toBe(true);
    expect(isOrganiser({ viewer: viewer({ role: 'member' }) })).toBe(false);
    expect(isMember({ viewer: viewer({ role: 'member' }) })).toBe(true);
    expect(isMember({ viewer: null })).toBe(false);
  });
});

describe('circle texts', () => {
  it('counts members', () => {
    expect(memberCountText(1)).toBe('1 member');
    expect(memberCountText(12)).toBe('12 members');
  });

  it('names the next activity, or nothing', () => {
    expect(nextActivityText(null)).toBeNull();
    const text = nextActivityText({
      postId: '00000000-0000-4000-8000-000000000000',
      startsAt: '2026-11-28T01:30:00Z',
      content: 'Doubles',
    });
    expect(text).toMatch(/^Next: \w{3},? \d{1,2} \w{3} · \d{1,2}:\d{2} (am|pm)$/);
  });
});
