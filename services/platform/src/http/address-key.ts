import { isIPv6 } from 'node:net';

/**
 * The key a per-address limit counts a client under: an IPv4 address as it is, an IPv6 address
 * by its /64 network. One IPv6 subscriber is handed a whole /64 (2^64 addresses) and can send
 * every request from a new one, so counting full IPv6 addresses would let one client past every
 * per-address limit. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) counts as its IPv4.
 */
export function addressKey(ip: string): string {
  // The hot path (edge limit on every request): most clients are IPv4.
  if (!ip.includes(':') || !isIPv6(ip)) return ip;
  const groups = expandIPv6(ip);
  if (groups.slice(0, 5).every((group) => group === '0') && groups[5] === 'ffff') {
    const high = parseInt(groups[6] ?? '0', 16);
    const low = parseInt(groups[7] ?? '0', 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight groups of a valid IPv6 address, lower case without leading zeros. */
function expandIPv6(ip: string): string[] {
  let text = ip.toLowerCase().split('%', 1)[0] ?? '';
  // A trailing dotted IPv4 (`::ffff:192.0.2.1`) is the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) =>
    parseInt(group, 16).toString(16),
  );
}
