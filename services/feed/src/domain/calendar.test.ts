import { describe, expect, it } from 'vitest';
import { activityCalendar } from './calendar';

const entry = {
  postId: '6f1c1c59-8a8c-4d55-9a39-6b2d1b0e0c11',
  title: 'Morning run; easy pace, all welcome',
  area: 'Lodhi Garden, north gate',
  startsAt: new Date('2026-11-24T00:30:00Z'),
  endsAt: new Date('2026-11-24T02:30:00Z'),
  link: 'https://saathi.example/post/6f1c1c59-8a8c-4d55-9a39-6b2d1b0e0c11',
  now: new Date('2026-11-23T10:00:00Z'),
};

describe('activityCalendar', () => {
  it('holds the time in UTC, the escaped area and title, and a link back, in CRLF lines', () => {
    const ics = activityCalendar(entry);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(unfolded).toContain('\r\nDTSTART:20261124T003000Z\r\n');
    expect(unfolded).toContain('\r\nDTEND:20261124T023000Z\r\n');
    expect(unfolded).toContain('\r\nLOCATION:Lodhi Garden\\, north gate\r\n');
    expect(unfolded).toContain('\r\nSUMMARY:Morning run\\; easy pace\\, all welcome\r\n');
    expect(unfolded).toContain(`\r\nURL:${entry.link}\r\n`);
    expect(unfolded).toContain(`\r\nUID:${entry.postId}@saathi\r\n`);
  });

  it("keeps a host's line breaks and control characters inside the text, never starting a property", () => {
    const title = 'Run\rBEGIN:VALARM\r\nACTION:DISPLAY\nATTENDEE:x\u0000\u000b\u001fEND';
    const ics = activityCalendar({ ...entry, title, area: 'Gate\rURL:https://evil.example' });
    const properties = ics.replace(/\r\n /g, '').split('\r\n');
    expect(properties).toContain('SUMMARY:Run\\nBEGIN:VALARM\\nACTION:DISPLAY\\nATTENDEE:xEND');
    expect(properties).toContain('LOCATION:Gate\\nURL:https://evil.example');
    const lines = ics.replace(/\r\n/g, '');
    const controls = Array.from(lines, (c) => c.charCodeAt(0)).filter((code) => code < 0x20 || code === 0x7f);
    expect(controls).toEqual([]);
  });

  it('folds lines longer than 75 octets', () => {
    const ics = activityCalendar({ ...entry, title: 'ü'.repeat(70) });
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n /g, '')).toContain(`SUMMARY:${'ü'.repeat(70)}`);
  });
});
