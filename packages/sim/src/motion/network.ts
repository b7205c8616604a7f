/**
 * A synthetic street network around a city centre. No map data is available offline, so the simulator builds a
 * plausible one: a jittered grid of streets (every fourth line an arterial), a few diagonal avenues and a ring road
 * joined to the grid by link roads. Coordinates are metres east/north of the centre (a local flat projection is
 * plenty for a few kilometres); lat/lng only appear when a sample is produced.
 */
import { Rng } from "./rng.ts";

export type RoadClass = "residential" | "arterial" | "avenue" | "ring" | "link";

export const SPEED_LIMIT_KMH: Record<RoadClass, number> = {
  residential: 30,
  arterial: 50,
  avenue: 60,
  ring: 90,
  link: 50,
};

export interface RoadNetwork {
  center: { lat: number; lng: number };
  x: Float64Array;
  y: Float64Array;
  /** Edge ids touching each node; edges are two-way. */
  adj: number[][];
  edgeA: Int32Array;
  edgeB: Int32Array;
  edgeLen: Float64Array;
  edgeLimitKmh: Uint8Array;
  /** The street each edge belongs to (an index into `streets`) and its place along that street. */
  edgeStreet: Int32Array;
  edgeStreetPos: Int32Array;
  /** The network's streets: a grid line, a diagonal avenue, the ring road or one link road each. */
  streets: { key: string; cls: RoadClass }[];
  /** Nodes of the largest connected component: the only valid start and destination points. */
  reachable: number[];
}

export interface NetworkOptions {
  /** Grid half-size in blocks: the grid spans (2·half+1)² intersections. */
  half?: number;
  blockM?: number;
  seed?: number;
}

const M_PER_DEG_LAT = 111_320;

export function buildNetwork(center: { lat: number; lng: number }, opts: NetworkOptions = {}): RoadNetwork {
  const half = opts.half ?? 14;
  const block = opts.blockM ?? 200;
  const rng = new Rng(opts.seed ?? 1);
  const xs: number[] = [];
  const ys: number[] = [];
  const edges: Edge[] = [];
  const side = 2 * half + 1;
  const gridId = (i: number, j: number): number => (i + half) * side + (j + half);
  for (let i = -half; i <= half; i++) {
    for (let j = -half; j <= half; j++) {
      // Jitter keeps blocks irregular but never lets two intersections cross.
      xs.push(i * block + rng.range(-0.18, 0.18) * block);
      ys.push(j * block + rng.range(-0.18, 0.18) * block);
    }
  }
  for (let i = -half; i <= half; i++) {
    for (let j = -half; j <= half; j++) {
      // Streets along x (constant j) and along y (constant i); a few residential blocks are missing (parks, dead ends).
      if (i < half) {
        const cls: RoadClass = j % 4 === 0 ? "arterial" : "residential";
        if (cls !== "residential" || !rng.chance(0.06))
          edges.push([gridId(i, j), gridId(i + 1, j), cls, `x${j}`, i]);
      }
      if (j < half) {
        const cls: RoadClass = i % 4 === 0 ? "arterial" : "residential";
        if (cls !== "residential" || !rng.chance(0.06))
          edges.push([gridId(i, j), gridId(i, j + 1), cls, `y${i}`, j]);
      }
      // Diagonal avenues: two in each direction.
      if (i < half && j < half && (i - j === 0 || i - j === 9))
        edges.push([gridId(i, j), gridId(i + 1, j + 1), "avenue", `d${i - j}`, i]);
      if (i < half && j > -half && (i + j === 0 || i + j === -9))
        edges.push([gridId(i, j), gridId(i + 1, j - 1), "avenue", `a${i + j}`, i]);
    }
  }
  // Ring road just outside the grid, with a link road to the nearest grid corner region every third node.
  const ringR = (half + 2.5) * block;
  const ringN = Math.max(12, Math.round((2 * Math.PI * ringR) / 600));
  const ring0 = xs.length;
  for (let k = 0; k < ringN; k++) {
    const a = (2 * Math.PI * k) / ringN;
    xs.push(ringR * Math.cos(a));
    ys.push(ringR * Math.sin(a));
    edges.push([ring0 + k, ring0 + ((k + 1) % ringN), "ring", "ring", k]);
    if (k % 3 === 0) {
      const edge = nearestGridEdgeNode(xs, ys, ring0, xs[ring0 + k]!, ys[ring0 + k]!);
      edges.push([ring0 + k, edge, "link", `link${k}`, 0]);
    }
  }
  return finish(center, xs, ys, edges);
}

/** From node, to node, class, street key and place along the street (increasing from `from` to `to`). */
type Edge = [number, number, RoadClass, string, number];

function nearestGridEdgeNode(xs: number[], ys: number[], count: number, x: number, y: number): number {
  let best = 0;
  let bestD = Number.POSITIVE_INFINITY;
  for (let n = 0; n < count; n++) {
    const d = (xs[n]! - x) ** 2 + (ys[n]! - y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = n;
    }
  }
  return best;
}

function finish(
  center: { lat: number; lng: number },
  xs: number[],
  ys: number[],
  edges: Edge[],
): RoadNetwork {
  const n = xs.length;
  const adj: number[][] = Array.from({ length: n }, () => []);
  const edgeA = new Int32Array(edges.length);
  const edgeB = new Int32Array(edges.length);
  const edgeLen = new Float64Array(edges.length);
  const edgeLimitKmh = new Uint8Array(edges.length);
  const edgeStreet = new Int32Array(edges.length);
  const edgeStreetPos = new Int32Array(edges.length);
  const streets: RoadNetwork["streets"] = [];
  const streetIndex = new Map<string, number>();
  edges.forEach(([a, b, cls, key, pos], e) => {
    let street = streetIndex.get(key);
    if (street === undefined) {
      street = streets.push({ key, cls }) - 1;
      streetIndex.set(key, street);
    }
    edgeStreet[e] = street;
    edgeStreetPos[e] = pos;
    edgeA[e] = a;
    edgeB[e] = b;
    edgeLen[e] = Math.hypot(xs[a]! - xs[b]!, ys[a]! - ys[b]!);
    edgeLimitKmh[e] = SPEED_LIMIT_KMH[cls];
    adj[a]!.push(e);
    adj[b]!.push(e);
  });
  const net: RoadNetwork = {
    center,
    x: Float64Array.from(xs),
    y: Float64Array.from(ys),
    adj,
    edgeA,
    edgeB,
    edgeLen,
    edgeLimitKmh,
    edgeStreet,
    edgeStreetPos,
    streets,
    reachable: [],
  };
  net.reachable = largestComponent(net);
  return net;
}

export function otherEnd(net: RoadNetwork, edge: number, from: number): number {
  return net.edgeA[edge] === from ? net.edgeB[edge]! : net.edgeA[edge]!;
}

function largestComponent(net: RoadNetwork): number[] {
  const n = net.x.length;
  const comp = new Int32Array(n).fill(-1);
  let best: number[] = [];
  for (let s = 0; s < n; s++) {
    if (comp[s] !== -1) continue;
    const members = [s];
    comp[s] = s;
    for (let k = 0; k < members.length; k++) {
      const u = members[k]!;
      for (const e of net.adj[u]!) {
        const v = otherEnd(net, e, u);
        if (comp[v] === -1) {
          comp[v] = s;
          members.push(v);
        }
      }
    }
    if (members.length > best.length) best = members;
  }
  return best.sort((a, b) => a - b);
}

export function toLatLng(net: RoadNetwork, x: number, y: number): { lat: number; lng: number } {
  const lat = net.center.lat + y / M_PER_DEG_LAT;
  const lng = net.center.lng + x / (M_PER_DEG_LAT * Math.cos((net.center.lat * Math.PI) / 180));
  return { lat, lng };
}

export function nearestNode(net: RoadNetwork, lat: number, lng: number): number {
  const y = (lat - net.center.lat) * M_PER_DEG_LAT;
  const x = (lng - net.center.lng) * M_PER_DEG_LAT * Math.cos((net.center.lat * Math.PI) / 180);
  let best = net.reachable[0]!;
  let bestD = Number.POSITIVE_INFINITY;
  for (const n of net.reachable) {
    const d = (net.x[n]! - x) ** 2 + (net.y[n]! - y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = n;
    }
  }
  return best;
}

export interface Route {
  nodes: number[];
  edges: number[];
  lengthM: number;
}

/**
 * Dijkstra over travel time (vehicles prefer fast roads) or distance (pedestrians). The network has about a
 * thousand nodes, so a plain binary heap keeps a route well under a millisecond.
 */
export function shortestPath(
  net: RoadNetwork,
  from: number,
  to: number,
  by: "time" | "distance",
): Route | null {
  const n = net.x.length;
  const dist = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const via = new Int32Array(n).fill(-1);
  const heap = new MinHeap();
  dist[from] = 0;
  heap.push(0, from);
  while (heap.size > 0) {
    const [d, u] = heap.pop();
    if (u === to) break;
    if (d > dist[u]!) continue;
    for (const e of net.adj[u]!) {
      const v = otherEnd(net, e, u);
      const w = by === "time" ? net.edgeLen[e]! / net.edgeLimitKmh[e]! : net.edgeLen[e]!;
      if (d + w < dist[v]!) {
        dist[v] = d + w;
        via[v] = e;
        heap.push(d + w, v);
      }
    }
  }
  if (from !== to && via[to] === -1) return null;
  const nodes = [to];
  const edges: number[] = [];
  let lengthM = 0;
  for (let u = to; u !== from; ) {
    const e = via[u]!;
    edges.push(e);
    lengthM += net.edgeLen[e]!;
    u = otherEnd(net, e, u);
    nodes.push(u);
  }
  return { nodes: nodes.reverse(), edges: edges.reverse(), lengthM };
}

class MinHeap {
  private keys: number[] = [];
  private vals: number[] = [];
  get size(): number {
    return this.keys.length;
  }
  push(k: number, v: number): void {
    const keys = this.keys;
    const vals = this.vals;
    let i = keys.length;
    keys.push(k);
    vals.push(v);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p]! <= k) break;
      keys[i] = keys[p]!;
      vals[i] = vals[p]!;
      i = p;
    }
    keys[i] = k;
    vals[i] = v;
  }
  pop(): [number, number] {
    const keys = this.keys;
    const vals = this.vals;
    const top: [number, number] = [keys[0]!, vals[0]!];
    const k = keys.pop()!;
    const v = vals.pop()!;
    const n = keys.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && keys[c + 1]! < keys[c]!) c++;
        if (keys[c]! >= k) break;
        keys[i] = keys[c]!;
        vals[i] = vals[c]!;
        i = c;
      }
      keys[i] = k;
      vals[i] = v;
    }
    return top;
  }
}
