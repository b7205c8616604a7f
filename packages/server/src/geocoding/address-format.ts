/**
 * A street address written the way the country writes it. The street name and house number come from the map
 * data (already in the local language), so the country, not the reader's language, decides the order:
 * "Calle de Alcalá 42, 28014 Madrid", "42 rue de Rivoli, 75001 Paris", "350 Fifth Avenue, New York, NY 10118",
 * "Atatürk Caddesi No:42, 34000 Kadıköy". Pure.
 */
export interface AddressParts {
  street: string;
  housenumber: string | null;
  postcode: string | null;
  /** The town the point is in. */
  town: string | null;
  /** Without a town: a phrase placing the point near one ("cerca de Getafe"), written after the postcode. */
  nearby?: string | null;
  /** ISO 3166-1 alpha-2, from the nearest place; "" when unknown. */
  country: string;
  /** First-level division where the country writes it after the town (US states…), "" otherwise. */
  region?: string;
}

/** Countries that put the house number before the street name. */
const NUMBER_FIRST = new Set([
  "US",
  "CA",
  "GB",
  "IE",
  "AU",
  "NZ",
  "FR",
  "LU",
  "MC",
  "ZA",
  "IN",
  "SG",
  "MY",
  "PH",
]);
/** Countries that write the postcode after the town (with the region first where there is one). */
const POSTCODE_AFTER_TOWN = new Set(["US", "CA", "GB", "IE", "AU", "NZ", "IN", "SG", "MY", "PH", "ZA"]);

function streetLine(parts: AddressParts): string {
  const number = parts.housenumber?.trim();
  if (!number) return parts.street;
  if (parts.country === "TR") return `${parts.street} No:${number}`;
  return NUMBER_FIRST.has(parts.country) ? `${number} ${parts.street}` : `${parts.street} ${number}`;
}

function townLine(parts: AddressParts): string {
  const town = parts.town?.trim() ?? "";
  const postcode = parts.postcode?.trim() ?? "";
  const nearby = town === "" ? (parts.nearby?.trim() ?? "") : "";
  if (nearby !== "") return [postcode, nearby].filter((s) => s !== "").join(", ");
  if (POSTCODE_AFTER_TOWN.has(parts.country)) {
    const tail = [parts.region ?? "", postcode].filter((s) => s !== "").join(" ");
    return [town, tail].filter((s) => s !== "").join(", ");
  }
  return [postcode, town].filter((s) => s !== "").join(" ");
}

export function formatAddress(parts: AddressParts): string {
  return [streetLine(parts), townLine(parts)].filter((s) => s !== "").join(", ");
}
