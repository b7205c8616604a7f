/**
 * The simulated network's streets as a map shows them: names, vertices and house numbers. A grid line is one
 * street (a calle, every fourth an avenida), the diagonals are paseos, the ring road a ronda; link roads are
 * unnamed, as they usually are. Numbers run from the street's west or south end, odd on the left and even on the
 * right, one pair every NUMBER_STEP_M, and carry on across a missing block. Names are the demo's own, the same
 * for a network every time it is built.
 */
import { type RoadClass, type RoadNetwork, toLatLng } from "./network.ts";

export interface NetworkStreet {
  /** Unique within the network. */
  id: number;
  name: string;
  cls: RoadClass;
  points: { lat: number; lng: number }[];
  /** House numbers at each vertex, left and right of the direction of `points`. */
  left: number[];
  right: number[];
}

const NUMBER_STEP_M = 15;

const CALLES = [
  "Calle del Olmo",
  "Calle de los Almendros",
  "Calle del Pinar",
  "Calle de la Acacia",
  "Calle del Sauce",
  "Calle de las Moreras",
  "Calle del Castaño",
  "Calle de la Encina",
  "Calle del Nogal",
  "Calle de los Cerezos",
  "Calle de la Higuera",
  "Calle del Laurel",
  "Calle de los Naranjos",
  "Calle del Roble",
  "Calle de las Adelfas",
  "Calle del Tilo",
  "Calle de la Retama",
  "Calle del Abeto",
  "Calle de las Camelias",
  "Calle del Espino",
  "Calle de la Madreselva",
  "Calle del Romero",
  "Calle de las Violetas",
  "Calle del Tomillo",
  "Calle de la Lavanda",
  "Calle del Jazmín",
  "Calle de las Azucenas",
  "Calle del Brezo",
  "Calle de la Hiedra",
  "Calle del Acebo",
  "Calle de los Tejos",
  "Calle del Fresno",
  "Calle de la Salvia",
  "Calle del Arce",
  "Calle de las Dalias",
  "Calle del Álamo",
  "Calle de la Jara",
  "Calle de los Girasoles",
  "Calle del Limonero",
  "Calle de la Malva",
  "Calle del Ciprés",
  "Calle de las Hortensias",
  "Calle del Manzano",
  "Calle de la Amapola",
  "Calle del Avellano",
  "Calle de los Lirios",
  "Calle del Pino Piñonero",
  "Calle de la Magnolia",
  "Calle del Membrillo",
];
const AVENIDAS = [
  "Avenida de la Industria",
  "Avenida del Comercio",
  "Avenida de los Transportistas",
  "Avenida de la Estación",
  "Avenida del Puerto Seco",
  "Avenida de la Logística",
  "Avenida de las Naciones",
  "Avenida del Parque",
  "Avenida de la Constitución",
  "Avenida de Europa",
  "Avenida de la Ciencia",
  "Avenida del Mediterráneo",
  "Avenida de la Libertad",
  "Avenida de los Oficios",
  "Avenida de la Paz",
  "Avenida del Progreso",
];
const PASEOS = ["Paseo de la Ribera", "Paseo del Prado Nuevo", "Paseo de la Alameda", "Paseo de los Olivos"];

/** The name of a street of the network, from its key (see `buildNetwork`) and its class. */
export function streetName(key: string, cls: RoadClass, counters: Map<string, number>): string {
  const take = (list: readonly string[], kind: string): string => {
    const n = counters.get(kind) ?? 0;
    counters.set(kind, n + 1);
    const base = list[n % list.length]!;
    return n < list.length ? base : `${base} ${Math.floor(n / list.length) + 1}`;
  };
  if (cls === "ring") return "Ronda Exterior";
  if (cls === "link") return "";
  if (key.startsWith("d") || key.startsWith("a")) return take(PASEOS, "paseo");
  if (cls === "arterial") return take(AVENIDAS, "avenida");
  return take(CALLES, "calle");
}

/** Every street of the network, each split where a block is missing (one entry per stretch). */
export function networkStreets(net: RoadNetwork): NetworkStreet[] {
  const byStreet = new Map<number, number[]>();
  for (let e = 0; e < net.edgeA.length; e++) {
    const street = net.edgeStreet[e]!;
    const list = byStreet.get(street) ?? [];
    list.push(e);
    byStreet.set(street, list);
  }
  const counters = new Map<string, number>();
  const out: NetworkStreet[] = [];
  net.streets.forEach(({ key, cls }, street) => {
    const name = streetName(key, cls, counters);
    const edges = (byStreet.get(street) ?? []).sort((a, b) => net.edgeStreetPos[a]! - net.edgeStreetPos[b]!);
    let along = 0;
    let current: NetworkStreet | null = null;
    let lastNode = -1;
    let lastPos = Number.NaN;
    const numberAt = (d: number) => Math.floor(d / NUMBER_STEP_M);
    for (const e of edges) {
      const a = net.edgeA[e]!;
      const b = net.edgeB[e]!;
      const pos = net.edgeStreetPos[e]!;
      if (lastNode >= 0) along += Math.hypot(net.x[a]! - net.x[lastNode]!, net.y[a]! - net.y[lastNode]!);
      if (!current || a !== lastNode || pos !== lastPos + 1) {
        current = { id: out.length + 1, name, cls, points: [], left: [], right: [] };
        out.push(current);
        current.points.push(toLatLng(net, net.x[a]!, net.y[a]!));
        current.left.push(1 + 2 * numberAt(along));
        current.right.push(2 + 2 * numberAt(along));
      }
      along += net.edgeLen[e]!;
      current.points.push(toLatLng(net, net.x[b]!, net.y[b]!));
      current.left.push(1 + 2 * numberAt(along));
      current.right.push(2 + 2 * numberAt(along));
      lastNode = b;
      lastPos = pos;
    }
  });
  return out;
}
