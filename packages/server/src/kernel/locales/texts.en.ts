/**
 * The server's texts in English, the base every other language must match key for key (`texts.test.ts`):
 * what its mails, SMS, push notifications and notices say. `{name}` marks a value filled in when sent.
 */
export const en = {
  /** Alarm families, as the rule editor offers them. */
  alarmFamilies: {
    5: "Geozone",
    6: "Point of interest",
    10: "State",
    11: "Idle",
    12: "Offline",
    13: "Maximum stop time",
    14: "Maximum driving time",
    15: "Maximum parked time",
    17: "Track without driver",
    19: "Monthly average fuel consumption",
    20: "Speeding",
    21: "Ignition on / off",
    22: "SOS / panic",
    23: "Power cut",
    24: "Low battery",
    25: "Door",
    26: "Towing / movement while parked",
    27: "Crash",
    28: "Harsh driving",
    29: "Tamper / vibration",
    30: "Engine lock",
    31: "Maintenance",
    32: "Virtual lock",
    33: "Beacon zone entry",
    34: "Beacon zone exit",
    35: "Itinerary",
  },
  /** Alarm priorities, by their number. */
  alarmPriorities: {
    1: "Low",
    2: "Medium",
    3: "High",
  },
  /** What an alarm notice says happened, by its event key. */
  alarmEvents: {
    geozoneIn: "Geozone entry",
    geozoneOut: "Geozone exit",
    poiIn: "Point of interest arrival",
    poiOut: "Point of interest departure",
    stateEqual: "State change",
    stateUnequal: "State change",
    idle: "Idle",
    offline: "Offline",
    maxStop: "Maximum stop time",
    maxDriving: "Maximum driving time",
    maxParked: "Maximum parked time",
    trackWithoutDriver: "Track without driver",
    monthlyConsumption: "Monthly average fuel consumption",
    speeding: "Speeding",
    ignitionOn: "Ignition on",
    ignitionOff: "Ignition off",
    sos: "SOS / panic",
    powerCut: "Power cut",
    lowBattery: "Low battery",
    doorOpen: "Door opened",
    doorClose: "Door closed",
    tow: "Towing / movement while parked",
    crash: "Crash",
    harshAcceleration: "Harsh acceleration",
    harshBraking: "Harsh braking",
    sharpTurn: "Sharp turn",
    vibration: "Vibration",
    tamper: "Tampering",
    jamming: "GSM jamming",
    engineLocked: "Engine locked",
    engineUnlocked: "Engine unlocked",
    virtualLockMoved: "Virtual lock: the vehicle moved",
    virtualLockIgnition: "Virtual lock: ignition on",
    beaconZoneIn: "Beacon zone entry",
    beaconZoneOut: "Beacon zone exit",
    maintenanceDue: "Maintenance due",
    itineraryEarly: "Itinerary: early arrival",
    itineraryLate: "Itinerary: late arrival",
    itineraryStayShort: "Itinerary: stay too short",
    itineraryStayLong: "Itinerary: stay too long",
    itinerarySkipped: "Itinerary: waypoint missed",
    itineraryOutOfOrder: "Itinerary: waypoint out of order",
  },
  /** The labels of an alarm notice's mail. */
  alarmMail: {
    map: "View on the map",
    item: "Item",
    date: "Date",
    position: "Position",
    event: "Event",
    priority: "Priority",
    unsubscribe: "Stop receiving these notifications",
  },
  /** Why a ticket's mail was sent, its subject and the company line. */
  ticketMail: {
    assigned: 'Ticket #{id} "{title}" was assigned to you by {by}.',
    comment: 'Ticket #{id} "{title}" has a new comment from {by}.',
    state: 'Ticket #{id} "{title}" is now {state} ({by}).',
    subject: "Ticket #{id}: {title}",
    company: "Company: {name}",
  },
  /** A ticket's state, as it reads inside a sentence. */
  ticketStates: {
    open: "open",
    inProgress: "in progress",
    resolved: "resolved",
    closed: "closed",
  },
  /** A due or overdue maintenance revision's mail. */
  revisionMail: {
    dueSubject: "Maintenance due soon: {task} – {item}",
    overdueSubject: "Maintenance overdue: {task} – {item}",
    due: 'The revision "{task}" of {item} is due soon (due at {at}).',
    overdue: 'The revision "{task}" of {item} is overdue (it was due at {at}).',
    odometer: "Odometer now: {km} km.",
    hours: "h",
  },
  /** A periodic report's mail. */
  periodicMail: {
    subject: "Periodic report: {name}",
    period: "Period: {from} to {to} ({zone})",
    attached: "The report is attached as {format}.",
  },
  /** The mail telling an account's owner it is being guessed at. */
  attackMail: {
    subject: "Failed sign-in attempts on your account",
    body: "There have been several sign-in attempts with a wrong password on your {brand} account, from these addresses:",
    advice:
      "If this was not you, you can still sign in as usual: those addresses have been slowed down. We recommend changing your password and turning on two-step sign-in in your profile:",
  },
  /** The create- and reset-password mails. */
  passwordMail: {
    resetSubject: "Reset your password",
    createSubject: "Create your password",
    resetBody: "We received a request to reset your password. Open this link to choose a new one:",
    createBody: "Your account has been created. Open this link to create your password:",
    footer: "The link expires in 24 hours and can be used only once.",
  },
  /** An address from the nearest place: inside it, or how far from it. */
  places: {
    near: "near {place}",
    away: "{distance} from {place}",
  },
} as const;

/** Every language has every text of English, and only those. */
export type ServerTexts = {
  readonly [S in keyof typeof en]: { readonly [K in keyof (typeof en)[S]]: string };
};
