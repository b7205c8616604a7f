import type { ServerTexts } from "./texts.en.ts";

/** The server's texts in French. */
export const fr: ServerTexts = {
  /** Alarm families, as the rule editor offers them. */
  alarmFamilies: {
    5: "Géozone",
    6: "Point d'intérêt",
    10: "État",
    11: "Ralenti",
    12: "Hors ligne",
    13: "Durée d'arrêt maximale",
    14: "Durée de conduite maximale",
    15: "Durée de stationnement maximale",
    17: "Trajet sans conducteur",
    19: "Consommation moyenne mensuelle",
    20: "Excès de vitesse",
    21: "Contact mis / coupé",
    22: "SOS / panique",
    23: "Coupure d'alimentation",
    24: "Batterie faible",
    25: "Porte",
    26: "Remorquage / mouvement à l'arrêt",
    27: "Choc",
    28: "Conduite brusque",
    29: "Sabotage / vibration",
    30: "Blocage moteur",
    31: "Entretien",
    32: "Verrou virtuel",
    33: "Entrée dans la zone de balises",
    34: "Sortie de la zone de balises",
    35: "Itinéraire",
  },
  /** Alarm priorities, by their number. */
  alarmPriorities: {
    1: "Basse",
    2: "Moyenne",
    3: "Haute",
  },
  /** What an alarm notice says happened, by its event key. */
  alarmEvents: {
    geozoneIn: "Entrée dans la géozone",
    geozoneOut: "Sortie de la géozone",
    poiIn: "Arrivée au point d'intérêt",
    poiOut: "Départ du point d'intérêt",
    stateEqual: "Changement d'état",
    stateUnequal: "Changement d'état",
    idle: "Ralenti",
    offline: "Hors ligne",
    maxStop: "Durée d'arrêt maximale",
    maxDriving: "Durée de conduite maximale",
    maxParked: "Durée de stationnement maximale",
    trackWithoutDriver: "Trajet sans conducteur",
    monthlyConsumption: "Consommation moyenne mensuelle",
    speeding: "Excès de vitesse",
    ignitionOn: "Contact mis",
    ignitionOff: "Contact coupé",
    sos: "SOS / panique",
    powerCut: "Coupure d'alimentation",
    lowBattery: "Batterie faible",
    doorOpen: "Porte ouverte",
    doorClose: "Porte fermée",
    tow: "Remorquage / mouvement à l'arrêt",
    crash: "Choc",
    harshAcceleration: "Accélération brusque",
    harshBraking: "Freinage brusque",
    sharpTurn: "Virage brusque",
    vibration: "Vibration",
    tamper: "Sabotage",
    jamming: "Brouillage GSM",
    engineLocked: "Moteur bloqué",
    engineUnlocked: "Moteur débloqué",
    virtualLockMoved: "Verrou virtuel : le véhicule a bougé",
    virtualLockIgnition: "Verrou virtuel : contact mis",
    beaconZoneIn: "Entrée dans la zone de balises",
    beaconZoneOut: "Sortie de la zone de balises",
    maintenanceDue: "Entretien à faire",
    itineraryEarly: "Itinéraire : arrivée en avance",
    itineraryLate: "Itinéraire : arrivée en retard",
    itineraryStayShort: "Itinéraire : arrêt trop court",
    itineraryStayLong: "Itinéraire : arrêt trop long",
    itinerarySkipped: "Itinéraire : étape manquée",
    itineraryOutOfOrder: "Itinéraire : étape dans le désordre",
  },
  /** The labels of an alarm notice's mail. */
  alarmMail: {
    map: "Voir sur la carte",
    item: "Élément",
    date: "Date",
    position: "Position",
    event: "Événement",
    priority: "Priorité",
    unsubscribe: "Ne plus recevoir ces notifications",
  },
  /** Why a ticket's mail was sent, its subject and the company line. */
  ticketMail: {
    assigned: "Le ticket n° {id} « {title} » vous a été attribué par {by}.",
    comment: "Le ticket n° {id} « {title} » a un nouveau commentaire de {by}.",
    state: "Le ticket n° {id} « {title} » est maintenant {state} ({by}).",
    subject: "Ticket n° {id} : {title}",
    company: "Entreprise : {name}",
  },
  /** A ticket's state, as it reads inside a sentence. */
  ticketStates: {
    open: "ouvert",
    inProgress: "en cours",
    resolved: "résolu",
    closed: "fermé",
  },
  /** A due or overdue maintenance revision's mail. */
  revisionMail: {
    dueSubject: "Entretien bientôt dû : {task} – {item}",
    overdueSubject: "Entretien en retard : {task} – {item}",
    due: "La révision « {task} » de {item} arrive bientôt à échéance (échéance : {at}).",
    overdue: "La révision « {task} » de {item} est en retard (échéance : {at}).",
    odometer: "Compteur actuel : {km} km.",
    hours: "h",
  },
  /** A periodic report's mail. */
  periodicMail: {
    subject: "Rapport périodique : {name}",
    period: "Période : du {from} au {to} ({zone})",
    attached: "Le rapport est joint au format {format}.",
  },
  /** The mail telling an account's owner it is being guessed at. */
  attackMail: {
    subject: "Tentatives de connexion échouées sur votre compte",
    body: "Plusieurs tentatives de connexion avec un mot de passe erroné ont visé votre compte {brand}, depuis ces adresses :",
    advice:
      "Si ce n'était pas vous, vous pouvez toujours vous connecter normalement : ces adresses ont été ralenties. Nous vous conseillons de changer votre mot de passe et d'activer la connexion en deux étapes dans votre profil :",
  },
  /** The create- and reset-password mails. */
  passwordMail: {
    resetSubject: "Réinitialiser votre mot de passe",
    createSubject: "Créez votre mot de passe",
    resetBody:
      "Nous avons reçu une demande de réinitialisation de votre mot de passe. Ouvrez ce lien pour en choisir un nouveau :",
    createBody: "Votre compte a été créé. Ouvrez ce lien pour créer votre mot de passe :",
    footer: "Le lien expire dans 24 heures et ne peut être utilisé qu'une seule fois.",
  },
  /** An address from the nearest place: inside it, or how far from it. */
  places: {
    near: "près de {place}",
    away: "à {distance} de {place}",
  },
};
