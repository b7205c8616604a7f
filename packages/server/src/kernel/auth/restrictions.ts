import { API_ERROR, type UserRestrictions } from "@vigia/domain";

/** Minutes since local midnight of `ts` in the IANA time zone. */
export function minutesOfDay(ts: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .formatToParts(new Date(ts))
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}

const toMinutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Inclusive of `from`, exclusive of `to`; a range whose end is before its start runs overnight. */
export function insideTimeRange(range: { from: string; to: string }, ts: number, timeZone: string): boolean {
  const now = minutesOfDay(ts, timeZone);
  const from = toMinutes(range.from);
  const to = toMinutes(range.to);
  if (from === to) return true;
  return from < to ? now >= from && now < to : now >= from || now < to;
}

function ipv4ToInt(ip: string): number | null {
  const parts = ip.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

/** Matches an address against an IPv4 address or CIDR network; IPv4-mapped IPv6 addresses count as IPv4. */
export function ipMatches(rule: string, address: string): boolean {
  const ip = address.startsWith("::ffff:") ? address.slice(7) : address;
  const [network, bitsText] = rule.split("/");
  const bits = bitsText === undefined ? 32 : Number(bitsText);
  const a = ipv4ToInt(ip);
  const b = ipv4ToInt(network ?? "");
  if (a === null || b === null || !Number.isInteger(bits) || bits < 0 || bits > 32) return ip === rule;
  // Bitwise operators are 32-bit signed in JS; compare the network prefixes through division instead.
  const size = 2 ** (32 - bits);
  return Math.floor(a / size) === Math.floor(b / size);
}

/** The restriction that blocks this access, or null. Checked at sign-in and on every request. */
export function restrictionViolation(
  restrictions: UserRestrictions | null | undefined,
  at: { ts: number; timeZone: string; ip: string },
): typeof API_ERROR.restrictionTimeRange | typeof API_ERROR.restrictionFromIp | null {
  if (!restrictions) return null;
  if (restrictions.timeRange && !insideTimeRange(restrictions.timeRange, at.ts, at.timeZone)) {
    return API_ERROR.restrictionTimeRange;
  }
  if (restrictions.ip && !ipMatches(restrictions.ip, at.ip)) return API_ERROR.restrictionFromIp;
  return null;
}

/** The first restriction that refuses access: the user's own, then their company's. */
export function restrictionFor(
  own: UserRestrictions,
  company: UserRestrictions | null,
  at: { ts: number; timeZone: string; ip: string },
): string | null {
  return restrictionViolation(own, at) ?? restrictionViolation(company, at);
}
