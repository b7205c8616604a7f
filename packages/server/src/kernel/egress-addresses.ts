import net from "node:net";

/**
 * What kind of network an IP address belongs to, for the egress guard: only `public` addresses are reached
 * without an operator's setting. Cloud metadata endpoints are told apart from the rest of link-local so
 * that allowing private targets never opens them.
 */
export type AddressClass =
  | "public"
  | "loopback"
  | "private"
  | "linkLocal"
  | "metadata"
  | "multicast"
  | "unspecified"
  | "reserved"
  | "invalid";

type Range = [prefix: string, bits: number, cls: AddressClass];

// Most specific first: the first range that contains the address names its class.
const V4: Range[] = [
  ["169.254.169.254", 32, "metadata"],
  ["0.0.0.0", 8, "unspecified"],
  ["127.0.0.0", 8, "loopback"],
  ["10.0.0.0", 8, "private"],
  ["172.16.0.0", 12, "private"],
  ["192.168.0.0", 16, "private"],
  ["100.64.0.0", 10, "private"],
  ["169.254.0.0", 16, "linkLocal"],
  ["224.0.0.0", 4, "multicast"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "reserved"],
  ["198.18.0.0", 15, "reserved"],
  ["198.51.100.0", 24, "reserved"],
  ["203.0.113.0", 24, "reserved"],
  ["240.0.0.0", 4, "reserved"],
];

const V6: Range[] = [
  ["fd00:ec2::254", 128, "metadata"],
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["::", 96, "reserved"],
  ["fc00::", 7, "private"],
  ["fec0::", 10, "private"],
  ["fe80::", 10, "linkLocal"],
  ["ff00::", 8, "multicast"],
  ["100::", 64, "reserved"],
  ["2001:db8::", 32, "reserved"],
];

function blockList(ranges: Range[], family: "ipv4" | "ipv6"): [net.BlockList, AddressClass][] {
  return ranges.map(([prefix, bits, cls]) => {
    const list = new net.BlockList();
    list.addSubnet(prefix, bits, family);
    return [list, cls];
  });
}
const V4_LISTS = blockList(V4, "ipv4");
const V6_LISTS = blockList(V6, "ipv6");

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, compatible ::a.b.c.d). */
function embeddedIpv4(address: string): string | null {
  const groups = expandIpv6(address);
  if (!groups) return null;
  const head = groups.slice(0, 6);
  const mapped = head.slice(0, 5).every((g) => g === 0) && head[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && head.slice(2).every((g) => g === 0);
  const compatible = head.every((g) => g === 0) && (groups[6] ?? 0) !== 0;
  if (!mapped && !nat64 && !compatible) return null;
  const [hi = 0, lo = 0] = groups.slice(6);
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".");
}

/** Eight 16-bit groups of an IPv6 address, dotted IPv4 tails included; null when it is not one. */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase().split("%")[0] ?? "";
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    if (!net.isIPv4(dotted[1])) return null;
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split(".").map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const left = part(halves[0]);
  const right = part(halves[1]);
  const fill = 8 - left.length - right.length;
  if (halves.length === 1 ? fill !== 0 : fill < 0) return null;
  const groups = [...left, ...new Array<number>(Math.max(fill, 0)).fill(0), ...right];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** The address as the guard checks it: brackets off, an IPv4 address carried in IPv6 taken out. */
function canonical(address: string): { address: string; family: "ipv4" | "ipv6" } | null {
  const bare = address.replace(/^\[|\]$/g, "");
  if (net.isIPv4(bare)) return { address: bare, family: "ipv4" };
  if (!net.isIPv6(bare)) return null;
  const v4 = embeddedIpv4(bare);
  return v4 !== null ? { address: v4, family: "ipv4" } : { address: bare, family: "ipv6" };
}

export function classifyAddress(address: string): AddressClass {
  const ip = canonical(address);
  if (!ip) return "invalid";
  const lists = ip.family === "ipv4" ? V4_LISTS : V6_LISTS;
  return lists.find(([list]) => list.check(ip.address, ip.family))?.[1] ?? "public";
}

/**
 * The operator's exception to the egress policy (VIGIA_EGRESS_ALLOW_PRIVATE): `1` lets loopback, private and
 * link-local targets through (an on-premises WMS server), never cloud metadata; a comma-separated CIDR list
 * lets exactly those ranges through. Unset or `0`: public addresses only.
 */
export interface EgressAllowance {
  privateNetworks: boolean;
  ranges: net.BlockList | null;
}

export function parseEgressAllowance(value: string | null | undefined): EgressAllowance {
  const text = (value ?? "").trim();
  if (text === "" || ["0", "false", "no", "off"].includes(text.toLowerCase()))
    return { privateNetworks: false, ranges: null };
  if (["1", "true", "yes", "on"].includes(text.toLowerCase())) return { privateNetworks: true, ranges: null };
  const ranges = new net.BlockList();
  for (const entry of text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [prefix = "", bitsText] = entry.split("/");
    const family = net.isIPv4(prefix) ? "ipv4" : net.isIPv6(prefix) ? "ipv6" : null;
    const bits = bitsText === undefined ? (family === "ipv4" ? 32 : 128) : Number(bitsText);
    if (family === null || !Number.isInteger(bits) || bits < 0 || bits > (family === "ipv4" ? 32 : 128))
      throw new Error(`VIGIA_EGRESS_ALLOW_PRIVATE: not an address or CIDR range: ${entry}`);
    ranges.addSubnet(prefix, bits, family);
  }
  return { privateNetworks: false, ranges };
}

const PRIVATE_CLASSES: readonly AddressClass[] = ["loopback", "private", "linkLocal"];

/** Whether the guard may connect to this address under the operator's allowance. */
export function addressAllowed(address: string, allowance: EgressAllowance): boolean {
  const cls = classifyAddress(address);
  const ip = canonical(address);
  if (cls === "public") return true;
  if (!ip) return false;
  if (allowance.ranges?.check(ip.address, ip.family)) return true;
  return allowance.privateNetworks && PRIVATE_CLASSES.includes(cls);
}
