/**
 * `io<N>`: the attribute name under which Teltonika and Ruptela keep every raw IO element. The names are made once
 * per id and kept: building one for every element of every record was a visible share of those decoders. Ids are
 * at most 16 bits wide, so the cache is bounded.
 */
const names = new Map<number, string>();

export function ioKey(id: number): string {
  let name = names.get(id);
  if (name === undefined) {
    name = `io${id}`;
    if (id >= 0 && id <= 0xffff) names.set(id, name);
  }
  return name;
}
