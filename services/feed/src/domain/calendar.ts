/** What a calendar file says about one activity: never the exact meeting point. */
export interface CalendarEntry {
  postId: string;
  title: string;
  area: string;
  startsAt: Date;
  endsAt: Date;
  link: string;
  now: Date;
}

/**
 * RFC 5545 text: backslash, semicolon, comma and line breaks escaped. A lone carriage return is a
 * line break too (some calendar apps split on it), and other control characters are dropped:
 * either would let a host's text start a property of its own (an alarm, an attendee).
 */
function text(value: string): string {
  return (
    value
      .replace(/[\\;,]/g, (char) => `\\${char}`)
      .replace(/\r\n?|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- control characters are what it removes
      .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '')
  );
}

/** 20261124T003000Z */
function stamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char, 'utf8') > limit) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A one-event calendar (text/calendar) with the time, the coarse area and a link back. */
export function activityCalendar(entry: CalendarEntry): string {
  const title = entry.title.length > 80 ? `${entry.title.slice(0, 79)}…` : entry.title;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Saathi//Activities//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${entry.postId}@saathi`,
    `DTSTAMP:${stamp(entry.now)}`,
    `DTSTART:${stamp(entry.startsAt)}`,
    `DTEND:${stamp(entry.endsAt)}`,
    `SUMMARY:${text(title)}`,
    `LOCATION:${text(entry.area)}`,
    `DESCRIPTION:${text(`${entry.title}\n\n${entry.link}`)}`,
    `URL:${entry.link}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
