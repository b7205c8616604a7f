import type { ServerTexts } from "./texts.en.ts";

/** The server's texts in Italian. */
export const it: ServerTexts = {
  /** Alarm families, as the rule editor offers them. */
  alarmFamilies: {
    5: "Geozona",
    6: "Punto di interesse",
    10: "Stato",
    11: "Minimo",
    12: "Non in linea",
    13: "Tempo massimo di sosta",
    14: "Tempo massimo di guida",
    15: "Tempo massimo di parcheggio",
    17: "Tragitto senza conducente",
    19: "Consumo medio mensile",
    20: "Eccesso di velocità",
    21: "Accensione / spegnimento",
    22: "SOS / panico",
    23: "Interruzione di alimentazione",
    24: "Batteria scarica",
    25: "Porta",
    26: "Traino / movimento in sosta",
    27: "Urto",
    28: "Guida brusca",
    29: "Manomissione / vibrazione",
    30: "Blocco motore",
    31: "Manutenzione",
    32: "Blocco virtuale",
    33: "Ingresso nella zona beacon",
    34: "Uscita dalla zona beacon",
    35: "Itinerario",
  },
  /** Alarm priorities, by their number. */
  alarmPriorities: {
    1: "Bassa",
    2: "Media",
    3: "Alta",
  },
  /** What an alarm notice says happened, by its event key. */
  alarmEvents: {
    geozoneIn: "Ingresso nella geozona",
    geozoneOut: "Uscita dalla geozona",
    poiIn: "Arrivo al punto di interesse",
    poiOut: "Partenza dal punto di interesse",
    stateEqual: "Cambio di stato",
    stateUnequal: "Cambio di stato",
    idle: "Minimo",
    offline: "Non in linea",
    maxStop: "Tempo massimo di sosta",
    maxDriving: "Tempo massimo di guida",
    maxParked: "Tempo massimo di parcheggio",
    trackWithoutDriver: "Tragitto senza conducente",
    monthlyConsumption: "Consumo medio mensile",
    speeding: "Eccesso di velocità",
    ignitionOn: "Accensione",
    ignitionOff: "Spegnimento",
    sos: "SOS / panico",
    powerCut: "Interruzione di alimentazione",
    lowBattery: "Batteria scarica",
    doorOpen: "Porta aperta",
    doorClose: "Porta chiusa",
    tow: "Traino / movimento in sosta",
    crash: "Urto",
    harshAcceleration: "Accelerazione brusca",
    harshBraking: "Frenata brusca",
    sharpTurn: "Curva brusca",
    vibration: "Vibrazione",
    tamper: "Manomissione",
    jamming: "Disturbo GSM",
    engineLocked: "Motore bloccato",
    engineUnlocked: "Motore sbloccato",
    virtualLockMoved: "Blocco virtuale: il veicolo si è spostato",
    virtualLockIgnition: "Blocco virtuale: accensione inserita",
    beaconZoneIn: "Ingresso nella zona beacon",
    beaconZoneOut: "Uscita dalla zona beacon",
    maintenanceDue: "Manutenzione dovuta",
    itineraryEarly: "Itinerario: arrivo in anticipo",
    itineraryLate: "Itinerario: arrivo in ritardo",
    itineraryStayShort: "Itinerario: sosta troppo breve",
    itineraryStayLong: "Itinerario: sosta troppo lunga",
    itinerarySkipped: "Itinerario: tappa saltata",
    itineraryOutOfOrder: "Itinerario: tappa fuori ordine",
  },
  /** The labels of an alarm notice's mail. */
  alarmMail: {
    map: "Vedi sulla mappa",
    item: "Elemento",
    date: "Data",
    position: "Posizione",
    event: "Evento",
    priority: "Priorità",
    unsubscribe: "Non ricevere più queste notifiche",
  },
  /** Why a ticket's mail was sent, its subject and the company line. */
  ticketMail: {
    assigned: "Il ticket #{id} «{title}» ti è stato assegnato da {by}.",
    comment: "Il ticket #{id} «{title}» ha un nuovo commento di {by}.",
    state: "Il ticket #{id} «{title}» è ora {state} ({by}).",
    subject: "Ticket #{id}: {title}",
    company: "Azienda: {name}",
  },
  /** A ticket's state, as it reads inside a sentence. */
  ticketStates: {
    open: "aperto",
    inProgress: "in corso",
    resolved: "risolto",
    closed: "chiuso",
  },
  /** A due or overdue maintenance revision's mail. */
  revisionMail: {
    dueSubject: "Manutenzione in scadenza: {task} – {item}",
    overdueSubject: "Manutenzione scaduta: {task} – {item}",
    due: "La revisione «{task}» di {item} è in scadenza (scadenza: {at}).",
    overdue: "La revisione «{task}» di {item} è scaduta (scadenza: {at}).",
    odometer: "Contachilometri attuale: {km} km.",
    hours: "h",
  },
  /** A periodic report's mail. */
  periodicMail: {
    subject: "Report periodico: {name}",
    period: "Periodo: dal {from} al {to} ({zone})",
    attached: "Il report è allegato in formato {format}.",
  },
  /** The mail telling an account's owner it is being guessed at. */
  attackMail: {
    subject: "Tentativi di accesso non riusciti al tuo account",
    body: "Ci sono stati diversi tentativi di accesso al tuo account {brand} con una password errata, da questi indirizzi:",
    advice:
      "Se non sei stato tu, puoi comunque accedere come sempre: quegli indirizzi sono stati rallentati. Ti consigliamo di cambiare la password e di attivare l'accesso in due passaggi nel tuo profilo:",
  },
  /** The create- and reset-password mails. */
  passwordMail: {
    resetSubject: "Reimposta la password",
    createSubject: "Crea la tua password",
    resetBody:
      "Abbiamo ricevuto una richiesta di reimpostazione della password. Apri questo link per sceglierne una nuova:",
    createBody: "Il tuo account è stato creato. Apri questo link per creare la tua password:",
    footer: "Il link scade tra 24 ore e può essere usato una sola volta.",
  },
  /** An address from the nearest place: inside it, or how far from it. */
  places: {
    near: "vicino a {place}",
    away: "a {distance} da {place}",
  },
};
