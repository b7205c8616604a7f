import { zxyToTileId } from "pmtiles";

/**
 * A minimal valid PMTiles v3 archive (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): the
 * 127-byte header, an uncompressed root directory, JSON metadata and the tiles as given. The pmtiles package
 * only reads archives, so the tests write their own small one here.
 */
export function buildPmtiles(
  tiles: { z: number; x: number; y: number; data: Uint8Array }[],
  tileType: "png" | "mvt" = "png",
): Buffer {
  const sorted = tiles.map((t) => ({ ...t, id: zxyToTileId(t.z, t.x, t.y) })).sort((a, b) => a.id - b.id);
  const offsets: number[] = [];
  let at = 0;
  for (const tile of sorted) {
    offsets.push(at);
    at += tile.data.length;
  }
  const varints: number[] = [];
  const varint = (value: number) => {
    let v = value;
    while (v > 0x7f) {
      varints.push((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    varints.push(v);
  };
  // Directory: count, tile id deltas, run lengths, lengths, offsets (0 = right after the previous tile, else +1).
  varint(sorted.length);
  let lastId = 0;
  for (const tile of sorted) {
    varint(tile.id - lastId);
    lastId = tile.id;
  }
  for (const _ of sorted) varint(1);
  for (const tile of sorted) varint(tile.data.length);
  sorted.forEach((_tile, i) => {
    const previous = sorted[i - 1];
    const follows = previous !== undefined && offsets[i] === (offsets[i - 1] ?? 0) + previous.data.length;
    varint(follows ? 0 : (offsets[i] ?? 0) + 1);
  });
  const directory = Buffer.from(varints);
  const metadata = Buffer.from(JSON.stringify({ name: "vigia test", vector_layers: [] }));
  const data = Buffer.concat(sorted.map((t) => t.data));

  const header = Buffer.alloc(127);
  header.write("PMTiles", 0, "ascii");
  header.writeUInt8(3, 7);
  const u64 = (offset: number, value: number) => header.writeBigUInt64LE(BigInt(value), offset);
  const rootOffset = 127;
  const metadataOffset = rootOffset + directory.length;
  const dataOffset = metadataOffset + metadata.length;
  u64(8, rootOffset);
  u64(16, directory.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, dataOffset + data.length); // no leaf directories
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, data.length);
  u64(72, sorted.length);
  u64(80, sorted.length);
  u64(88, sorted.length);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(tileType === "mvt" ? 1 : 2, 99); // tile type: 1 vector (MVT), 2 PNG
  header.writeUInt8(Math.min(...sorted.map((t) => t.z)), 100);
  header.writeUInt8(Math.max(...sorted.map((t) => t.z)), 101);
  header.writeInt32LE(-180e7, 102);
  header.writeInt32LE(-85e7, 106);
  header.writeInt32LE(180e7, 110);
  header.writeInt32LE(85e7, 114);
  header.writeUInt8(0, 118);
  return Buffer.concat([header, directory, metadata, data]);
}
