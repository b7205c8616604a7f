import { describe, expect, it } from "vitest";
import { formatAddress } from "./address-format.ts";

describe("formatAddress", () => {
  it.each([
    [
      "Spain: street, number, postcode and town",
      { street: "Calle de Alcalá", housenumber: "42", postcode: "28014", town: "Madrid", country: "ES" },
      "Calle de Alcalá 42, 28014 Madrid",
    ],
    [
      "France: number first",
      { street: "rue de Rivoli", housenumber: "42", postcode: "75001", town: "Paris", country: "FR" },
      "42 rue de Rivoli, 75001 Paris",
    ],
    [
      "United States: number first, state and ZIP after the town",
      {
        street: "Fifth Avenue",
        housenumber: "350",
        postcode: "10118",
        town: "New York",
        country: "US",
        region: "NY",
      },
      "350 Fifth Avenue, New York, NY 10118",
    ],
    [
      "Turkey: No: before the number",
      { street: "Atatürk Caddesi", housenumber: "42", postcode: "34000", town: "Kadıköy", country: "TR" },
      "Atatürk Caddesi No:42, 34000 Kadıköy",
    ],
    [
      "no number, no postcode",
      {
        street: "Avenida de la Ilustración",
        housenumber: null,
        postcode: null,
        town: "Madrid",
        country: "ES",
      },
      "Avenida de la Ilustración, Madrid",
    ],
    [
      "outside any town: the phrase after the postcode",
      {
        street: "A-4",
        housenumber: null,
        postcode: "28300",
        town: null,
        nearby: "cerca de Aranjuez",
        country: "ES",
      },
      "A-4, 28300, cerca de Aranjuez",
    ],
    [
      "a town from the data wins over the phrase",
      {
        street: "Rua Augusta",
        housenumber: "5",
        postcode: "1100-053",
        town: "Lisboa",
        nearby: "x",
        country: "PT",
      },
      "Rua Augusta 5, 1100-053 Lisboa",
    ],
  ])("%s", (_label, parts, expected) => {
    expect(formatAddress(parts)).toBe(expected);
  });
});
