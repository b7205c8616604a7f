import { buildNetwork, networkStreets } from "@vigia/sim";
import { AddressWriter } from "../geocoding/index.ts";
import type { Database } from "../kernel/db/database.ts";

/**
 * The streets the simulated demo fleets drive on, in the address tables: the same network the simulator builds
 * around each demo company's centre (seeded by the company id), with the street names and house numbers the
 * simulator's map data gives them. The map's street layer draws them and the geocoder names them, so a newcomer's
 * demo shows streets at street zoom and addresses in alarms without any outside service. Once per network.
 */
export async function seedDemoStreets(db: Database, now: () => number): Promise<number> {
  const companies = await db.query<{ id: number; centre: { lat: number; lng: number } }>(
    "select id, centre from companies where demo and centre is not null order by id",
  );
  let written = 0;
  for (const company of companies) {
    const { lat, lng } = company.centre;
    const key = `demo:${lat.toFixed(5)},${lng.toFixed(5)}:${company.id}`;
    const writer = await AddressWriter.open(db, { fileKey: key, fileName: key, kind: "demo" }, now);
    if (writer.done) continue;
    for (const street of networkStreets(buildNetwork(company.centre, { seed: company.id }))) {
      await writer.add({
        street: {
          wayId: street.id,
          name: street.name,
          kind: street.cls,
          points: street.points,
          numbers: { left: street.left, right: street.right },
        },
      });
    }
    written += (await writer.finish()).streets;
  }
  return written;
}
