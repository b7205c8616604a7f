import { deflateSync } from "node:zlib";
import { PbfWriter as Pbf } from "pbf";

/**
 * A small OpenStreetMap PBF file written with the `pbf` protocol-buffer writer, in the layout of the format's
 * description (https://wiki.openstreetmap.org/wiki/PBF_Format): an OSMHeader blob, then one OSMData blob with
 * dense nodes and ways, zlib-compressed. Tests build their extracts here instead of shipping a downloaded one.
 */
export interface TestNode {
  id: number;
  lat: number;
  lng: number;
  tags?: Record<string, string>;
}

export interface TestWay {
  id: number;
  refs: number[];
  tags: Record<string, string>;
}

function blob(type: "OSMHeader" | "OSMData", data: Uint8Array): Buffer {
  const body = new Pbf();
  body.writeVarintField(2, data.length);
  body.writeBytesField(3, deflateSync(data));
  const blobBytes = body.finish();
  const header = new Pbf();
  header.writeStringField(1, type);
  header.writeVarintField(3, blobBytes.length);
  const headerBytes = header.finish();
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headerBytes.length);
  return Buffer.concat([length, headerBytes, blobBytes]);
}

function headerBlock(): Uint8Array {
  const pbf = new Pbf();
  pbf.writeStringField(4, "OsmSchema-V0.6");
  pbf.writeStringField(4, "DenseNodes");
  pbf.writeStringField(16, "vigia tests");
  return pbf.finish();
}

const deltas = (values: number[]): number[] => values.map((v, i) => v - (i === 0 ? 0 : values[i - 1]!));

function primitiveBlock(nodes: TestNode[], ways: TestWay[]): Uint8Array {
  const strings = [""];
  const index = (s: string): number => {
    let i = strings.indexOf(s);
    if (i < 0) i = strings.push(s) - 1;
    return i;
  };
  const keysVals: number[] = [];
  for (const node of nodes) {
    for (const [k, v] of Object.entries(node.tags ?? {})) keysVals.push(index(k), index(v));
    keysVals.push(0);
  }
  const wayTags = ways.map((w) => Object.entries(w.tags).map(([k, v]) => [index(k), index(v)] as const));

  const pbf = new Pbf();
  pbf.writeMessage(
    1,
    (list: string[], p) => {
      for (const s of list) p.writeBytesField(1, Buffer.from(s, "utf8"));
    },
    strings,
  );
  pbf.writeMessage(
    2,
    (_: null, group) => {
      group.writeMessage(
        2,
        (__: null, dense) => {
          dense.writePackedSVarint(1, deltas(nodes.map((n) => n.id)));
          dense.writePackedSVarint(8, deltas(nodes.map((n) => Math.round(n.lat * 1e7))));
          dense.writePackedSVarint(9, deltas(nodes.map((n) => Math.round(n.lng * 1e7))));
          dense.writePackedVarint(10, keysVals);
        },
        null,
      );
    },
    null,
  );
  // A group holds one kind of entity: the ways get their own.
  pbf.writeMessage(
    2,
    (_: null, group) => {
      ways.forEach((way, w) => {
        group.writeMessage(
          3,
          (_way: TestWay, p) => {
            p.writeVarintField(1, way.id);
            p.writePackedVarint(
              2,
              wayTags[w]!.map(([k]) => k),
            );
            p.writePackedVarint(
              3,
              wayTags[w]!.map(([, v]) => v),
            );
            p.writePackedSVarint(8, deltas(way.refs));
          },
          way,
        );
      });
    },
    null,
  );
  pbf.writeVarintField(17, 100);
  return pbf.finish();
}

/** The bytes of an .osm.pbf holding these nodes (sorted by id, as the format wants) and ways. */
export function buildOsmPbf(nodes: TestNode[], ways: TestWay[]): Buffer {
  const sorted = [...nodes].sort((a, b) => a.id - b.id);
  return Buffer.concat([blob("OSMHeader", headerBlock()), blob("OSMData", primitiveBlock(sorted, ways))]);
}
