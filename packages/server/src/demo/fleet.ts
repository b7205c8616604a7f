import type { AssetType, VehicleType } from "@vigia/domain";

/**
 * The demo fleets, as plain data. Seeding turns these into rows; the simulator reads the devices back
 * from the database, so nothing here is a second source of truth at run time.
 */
export interface DemoVehicle {
  plate: string;
  name: string;
  type: VehicleType;
  brand: string;
  model: string;
  group: string;
  engineType: 0 | 1 | 2 | 3 | 4;
  fuelTank: number;
}

export interface DemoCompanyFleet {
  groups: { name: string; parent: string | null }[];
  vehicles: DemoVehicle[];
  /** `watch`: the asset wears a watch-protocol tracker (a child, a pet) rather than an asset tracker. */
  assets: { name: string; type: AssetType; group: string; watch?: true }[];
  persons: { name: string; group: string }[];
  drivers: { name: string; ibutton: string; tachographCard: string; email: string; phone: string }[];
}

const BRANDS: [VehicleType, string, string, 0 | 1 | 2 | 3 | 4, number][] = [
  ["van", "Renault", "Master", 1, 100],
  ["truck", "Volvo", "FH 500", 1, 600],
  ["car", "Seat", "Leon", 1, 50],
  ["van", "Mercedes-Benz", "Sprinter", 1, 75],
  ["boxVan", "Iveco", "Daily", 1, 90],
  ["car", "Tesla", "Model 3", 2, 0],
  ["pickup", "Toyota", "Hilux", 1, 80],
  ["motorcycle", "Honda", "PCX 125", 1, 8],
  ["bus", "MAN", "Lion's City", 3, 300],
  ["truck", "Scania", "R 450", 1, 700],
  ["car", "Toyota", "Corolla Hybrid", 3, 43],
  ["tractor", "John Deere", "6R", 1, 250],
  ["scooter", "Silence", "S01", 2, 0],
  ["machinery", "JCB", "3CX", 1, 160],
];

function vehicles(count: number, prefix: string, groups: string[]): DemoVehicle[] {
  return Array.from({ length: count }, (_, i) => {
    const [type, brand, model, engineType, fuelTank] = BRANDS[i % BRANDS.length]!;
    const n = String(1000 + i * 37).padStart(4, "0");
    return {
      plate: `${n}-${prefix}${String.fromCharCode(66 + (i % 20))}`,
      name: `${brand} ${model} ${i + 1}`,
      type,
      brand,
      model,
      group: groups[i % groups.length]!,
      engineType,
      fuelTank,
    };
  });
}

export const ACME_FLEET: DemoCompanyFleet = {
  groups: [
    { name: "Acme", parent: null },
    { name: "Madrid", parent: "Acme" },
    { name: "Madrid Norte", parent: "Madrid" },
    { name: "Madrid Sur", parent: "Madrid" },
    { name: "Toledo", parent: "Acme" },
    { name: "Guadalajara", parent: "Acme" },
  ],
  vehicles: vehicles(25, "K", ["Madrid Norte", "Madrid Sur", "Madrid", "Toledo", "Guadalajara"]),
  assets: [
    { name: "Container C-01", type: "container", group: "Madrid Norte" },
    { name: "Container C-02", type: "container", group: "Madrid Sur" },
    { name: "Pallet P-101", type: "pallet", group: "Madrid" },
    { name: "Pallet P-102", type: "pallet", group: "Toledo" },
    { name: "Box B-7", type: "box", group: "Guadalajara" },
    { name: "Generator G-3", type: "generic", group: "Madrid Norte" },
    { name: "Tool case T-1", type: "suitcase", group: "Madrid Sur" },
    { name: "Guard dog Rex", type: "dog", group: "Toledo" },
    { name: "Trailer TR-4", type: "generic", group: "Madrid" },
    { name: "Cold box CB-2", type: "box", group: "Guadalajara" },
    // Watches lose GPS indoors and report the cells and Wi-Fi around them instead.
    { name: "Leo (school watch)", type: "child", group: "Madrid Norte", watch: true },
    { name: "Luna (pet collar)", type: "pet", group: "Madrid Sur", watch: true },
  ],
  persons: [
    { name: "Lucía Romero", group: "Madrid Norte" },
    { name: "Marco Díaz", group: "Madrid Sur" },
    { name: "Elena Navarro", group: "Toledo" },
    { name: "Pablo Ortega", group: "Madrid" },
    { name: "Sara Gil", group: "Guadalajara" },
  ],
  drivers: [
    ["Javier Martín", "01A2B3C4D5E6F701"],
    ["Ana López", "01A2B3C4D5E6F702"],
    ["Carlos Sánchez", "01A2B3C4D5E6F703"],
    ["María García", "01A2B3C4D5E6F704"],
    ["David Fernández", "01A2B3C4D5E6F705"],
    ["Laura Pérez", "01A2B3C4D5E6F706"],
    ["Miguel Torres", "01A2B3C4D5E6F707"],
    ["Isabel Ruiz", "01A2B3C4D5E6F708"],
  ].map(([name, ibutton], i) => ({
    name: name!,
    ibutton: ibutton!,
    tachographCard: `E1000000${String(4000 + i).padStart(8, "0")}`,
    email: `${name!
      .split(" ")[0]!
      .toLowerCase()
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")}@acme.demo`,
    phone: `+34 600 100 ${String(100 + i)}`,
  })),
};

export const GLOBEX_FLEET: DemoCompanyFleet = {
  groups: [
    { name: "Globex", parent: null },
    { name: "Patrols", parent: "Globex" },
    { name: "Cash transport", parent: "Globex" },
  ],
  vehicles: vehicles(10, "G", ["Patrols", "Cash transport"]),
  assets: [
    { name: "Safe S-1", type: "box", group: "Cash transport" },
    { name: "Patrol dog Luna", type: "dog", group: "Patrols" },
  ],
  persons: [
    { name: "Jordi Puig", group: "Patrols" },
    { name: "Núria Vidal", group: "Patrols" },
  ],
  drivers: [
    {
      name: "Marc Soler",
      ibutton: "02A2B3C4D5E6F701",
      tachographCard: "",
      email: "marc@globex.demo",
      phone: "",
    },
    {
      name: "Laia Ferrer",
      ibutton: "02A2B3C4D5E6F702",
      tachographCard: "",
      email: "laia@globex.demo",
      phone: "",
    },
  ],
};

export const INITECH_FLEET: DemoCompanyFleet = {
  groups: [{ name: "Initech", parent: null }],
  vehicles: vehicles(3, "I", ["Initech"]),
  assets: [],
  persons: [],
  drivers: [],
};

/** Device types the platform ships with: the protocols the gateway speaks (id 5 is the worker app, migration 003). */
export const DEVICE_TYPES = [
  {
    id: 1,
    name: "FMB920",
    factory: "Teltonika",
    proto: "teltonika",
    port: 5027,
    idLength: 15,
    description: "Compact GNSS tracker",
  },
  {
    id: 2,
    name: "FMC130",
    factory: "Teltonika",
    proto: "teltonika",
    port: 5027,
    idLength: 15,
    description: "4G tracker with CAN",
  },
  {
    id: 3,
    name: "GT06N",
    factory: "Concox",
    proto: "gt06",
    port: 5023,
    idLength: 15,
    description: "GPS vehicle tracker",
  },
  {
    id: 4,
    name: "Traccar Client",
    factory: "OsmAnd",
    proto: "osmand",
    port: 5055,
    idLength: null,
    description: "Phone app (OsmAnd protocol)",
  },
  {
    id: 10,
    name: "ST-901",
    factory: "SinoTrack",
    proto: "h02",
    port: 5013,
    idLength: 10,
    description: "GPS vehicle tracker (H02 protocol)",
  },
  {
    id: 11,
    name: "TK103B",
    factory: "Coban",
    proto: "gps103",
    port: 5001,
    idLength: 15,
    description: "GPS vehicle tracker (GPS103 protocol)",
  },
  {
    id: 12,
    name: "TK103",
    factory: "Xexun",
    proto: "tk103",
    port: 5002,
    idLength: 12,
    description: "GPS vehicle tracker (TK103 protocol)",
  },
  {
    id: 13,
    name: "Q50",
    factory: "SeTracker",
    proto: "watch",
    port: 5093,
    idLength: 10,
    description: "Kids' smartwatch with GPS, cell and Wi-Fi location",
  },
  {
    id: 14,
    name: "Wialon IPS",
    factory: "Gurtam",
    proto: "wialon",
    port: 5039,
    idLength: null,
    description: "Any tracker or app speaking Wialon IPS 1.1/2.0",
  },
  {
    id: 15,
    name: "GV300",
    factory: "Queclink",
    proto: "gl200",
    port: 5004,
    idLength: 15,
    description: "Vehicle tracker (@Track protocol)",
  },
  {
    id: 16,
    name: "T366",
    factory: "Meitrack",
    proto: "meitrack",
    port: 5020,
    idLength: 15,
    description: "Vehicle tracker (Meitrack GPRS protocol)",
  },
  {
    id: 17,
    name: "ST300",
    factory: "Suntech",
    proto: "suntech",
    port: 5011,
    idLength: null,
    description: "Vehicle tracker (Suntech ST300/ST600/SA200 protocol)",
  },
  {
    id: 18,
    name: "FM-Eco4",
    factory: "Ruptela",
    proto: "ruptela",
    port: 5046,
    idLength: 15,
    description: "Vehicle tracker (Ruptela protocol)",
  },
  {
    id: 19,
    name: "7.0 Lite",
    factory: "Galileosky",
    proto: "galileosky",
    port: 5034,
    idLength: 15,
    description: "Vehicle tracker (Galileosky protocol)",
  },
  {
    id: 20,
    name: "T8806+",
    factory: "Topflytech",
    proto: "topflytech",
    port: 5119,
    idLength: 15,
    description: "Vehicle tracker (Topflytech 0x2525/0x2727 binary protocol)",
  },
  {
    id: 21,
    name: "LMU-2630",
    factory: "CalAmp",
    proto: "calamp",
    port: 20500,
    idLength: 15,
    description: "Vehicle tracker (CalAmp LM Direct over UDP)",
  },
  {
    id: 22,
    name: "JT808 terminal",
    factory: "JT/T 808",
    proto: "jt808",
    port: 5015,
    idLength: 12,
    description: "Vehicle terminal (JT/T 808, the Chinese national standard; id = terminal phone number)",
  },
  {
    id: 23,
    name: "EGTS terminal",
    factory: "EGTS",
    proto: "egts",
    port: 5007,
    idLength: null,
    description: "Vehicle terminal (EGTS, the ERA-GLONASS transport protocol; id = IMEI, or the terminal id)",
  },
  {
    id: 24,
    name: "CR300",
    factory: "Cellocator",
    proto: "cellocator",
    port: 5063,
    idLength: null,
    description: "Vehicle tracker (Cellocator MCGP protocol; id = the unit id)",
  },
  {
    id: 25,
    name: "AK11",
    factory: "ATrack",
    proto: "atrack",
    port: 5067,
    idLength: 15,
    description: "Vehicle tracker (ATrack binary protocol)",
  },
  {
    id: 26,
    name: "TK116",
    factory: "Eelink",
    proto: "eelink",
    port: 5064,
    idLength: 15,
    description: "Vehicle tracker (Eelink binary protocol; id = the IMEI of its log-in)",
  },
  {
    id: 27,
    name: "Signal S-2551",
    factory: "Navtelecom",
    proto: "navtelecom",
    port: 5185,
    idLength: 15,
    description: "Vehicle tracker (Navtelecom NTCB/FLEX protocol; id = the IMEI of its log-in)",
  },
] as const;

/**
 * The demo's showcase of the other protocols: the last vehicles of a large fleet carry one tracker of each
 * (type id, and how many trailing digits of the demo IMEI the device uses as its id), and its last person a watch.
 * A protocol added later goes first, so the trackers of the vehicles after it (and their ids) stay as they were.
 */
export const SHOWCASE_VEHICLE_TYPES: readonly { typeId: number; idDigits: number; numeric?: true }[] = [
  // A Navtelecom unit: its log-in names its IMEI.
  { typeId: 27, idDigits: 15 },
  // An Eelink unit: its log-in names its IMEI.
  { typeId: 26, idDigits: 15 },
  // An ATrack unit: its id is the IMEI.
  { typeId: 25, idDigits: 15 },
  // A Cellocator unit: its id is a 32-bit number, the demo IMEI's last 9 digits.
  { typeId: 24, idDigits: 9, numeric: true },
  // An EGTS terminal that logs in with its IMEI.
  { typeId: 23, idDigits: 15 },
  // A JT/T 808 terminal: its id is its 12-digit phone number.
  { typeId: 22, idDigits: 12 },
  // CalAmp LMU over UDP: its mobile ID is the IMEI.
  { typeId: 21, idDigits: 15 },
  { typeId: 10, idDigits: 10 },
  { typeId: 11, idDigits: 15 },
  { typeId: 12, idDigits: 12 },
  { typeId: 14, idDigits: 15 },
  { typeId: 15, idDigits: 15 },
  { typeId: 16, idDigits: 15 },
  { typeId: 17, idDigits: 9 },
  { typeId: 18, idDigits: 15 },
  { typeId: 19, idDigits: 15 },
  { typeId: 20, idDigits: 15 },
];
export const SHOWCASE_WATCH = { typeId: 13, idDigits: 10 } as const;
/** Fleets with at least this many vehicles get the showcase devices. */
export const SHOWCASE_MIN_VEHICLES = 20;
