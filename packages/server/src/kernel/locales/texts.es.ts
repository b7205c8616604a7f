import type { ServerTexts } from "./texts.en.ts";

/** The server's texts in Spanish. */
export const es: ServerTexts = {
  /** Alarm families, as the rule editor offers them. */
  alarmFamilies: {
    5: "Geozona",
    6: "Punto de interés",
    10: "Estado",
    11: "Ralentí",
    12: "Sin conexión",
    13: "Tiempo máximo de parada",
    14: "Tiempo máximo de conducción",
    15: "Tiempo máximo aparcado",
    17: "Trayecto sin conductor",
    19: "Consumo medio mensual",
    20: "Exceso de velocidad",
    21: "Encendido / apagado",
    22: "SOS / pánico",
    23: "Corte de alimentación",
    24: "Batería baja",
    25: "Puerta",
    26: "Remolque / movimiento aparcado",
    27: "Choque",
    28: "Conducción brusca",
    29: "Sabotaje / vibración",
    30: "Bloqueo de motor",
    31: "Mantenimiento",
    32: "Bloqueo virtual",
    33: "Entrada en zona de balizas",
    34: "Salida de zona de balizas",
    35: "Itinerario",
  },
  /** Alarm priorities, by their number. */
  alarmPriorities: {
    1: "Baja",
    2: "Media",
    3: "Alta",
  },
  /** What an alarm notice says happened, by its event key. */
  alarmEvents: {
    geozoneIn: "Entrada en geozona",
    geozoneOut: "Salida de geozona",
    poiIn: "Llegada a punto de interés",
    poiOut: "Salida de punto de interés",
    stateEqual: "Cambio de estado",
    stateUnequal: "Cambio de estado",
    idle: "Ralentí",
    offline: "Sin conexión",
    maxStop: "Tiempo máximo de parada",
    maxDriving: "Tiempo máximo de conducción",
    maxParked: "Tiempo máximo aparcado",
    trackWithoutDriver: "Trayecto sin conductor",
    monthlyConsumption: "Consumo medio mensual",
    speeding: "Exceso de velocidad",
    ignitionOn: "Encendido",
    ignitionOff: "Apagado",
    sos: "SOS / pánico",
    powerCut: "Corte de alimentación",
    lowBattery: "Batería baja",
    doorOpen: "Puerta abierta",
    doorClose: "Puerta cerrada",
    tow: "Remolque / movimiento aparcado",
    crash: "Choque",
    harshAcceleration: "Aceleración brusca",
    harshBraking: "Frenada brusca",
    sharpTurn: "Giro brusco",
    vibration: "Vibración",
    tamper: "Sabotaje",
    jamming: "Inhibición GSM",
    engineLocked: "Motor bloqueado",
    engineUnlocked: "Motor desbloqueado",
    virtualLockMoved: "Bloqueo virtual: el vehículo se ha movido",
    virtualLockIgnition: "Bloqueo virtual: contacto encendido",
    beaconZoneIn: "Entrada en zona de balizas",
    beaconZoneOut: "Salida de zona de balizas",
    maintenanceDue: "Mantenimiento pendiente",
    itineraryEarly: "Itinerario: llegada anticipada",
    itineraryLate: "Itinerario: llegada con retraso",
    itineraryStayShort: "Itinerario: parada demasiado corta",
    itineraryStayLong: "Itinerario: parada demasiado larga",
    itinerarySkipped: "Itinerario: punto de paso omitido",
    itineraryOutOfOrder: "Itinerario: punto de paso fuera de orden",
  },
  /** The labels of an alarm notice's mail. */
  alarmMail: {
    map: "Ver en el mapa",
    item: "Elemento",
    date: "Fecha",
    position: "Posición",
    event: "Evento",
    priority: "Prioridad",
    unsubscribe: "Dejar de recibir estas notificaciones",
  },
  /** Why a ticket's mail was sent, its subject and the company line. */
  ticketMail: {
    assigned: "El ticket #{id} «{title}» te ha sido asignado por {by}.",
    comment: "El ticket #{id} «{title}» tiene un comentario nuevo de {by}.",
    state: "El ticket #{id} «{title}» está ahora {state} ({by}).",
    subject: "Ticket #{id}: {title}",
    company: "Empresa: {name}",
  },
  /** A ticket's state, as it reads inside a sentence. */
  ticketStates: {
    open: "abierto",
    inProgress: "en curso",
    resolved: "resuelto",
    closed: "cerrado",
  },
  /** A due or overdue maintenance revision's mail. */
  revisionMail: {
    dueSubject: "Mantenimiento próximo: {task} – {item}",
    overdueSubject: "Mantenimiento vencido: {task} – {item}",
    due: "La revisión «{task}» de {item} vence pronto (vence en {at}).",
    overdue: "La revisión «{task}» de {item} está vencida (vencía en {at}).",
    odometer: "Cuentakilómetros actual: {km} km.",
    hours: "h",
  },
  /** A periodic report's mail. */
  periodicMail: {
    subject: "Informe periódico: {name}",
    period: "Periodo: del {from} al {to} ({zone})",
    attached: "Se adjunta el informe en {format}.",
  },
  /** The mail telling an account's owner it is being guessed at. */
  attackMail: {
    subject: "Intentos fallidos de acceso a tu cuenta",
    body: "Se han producido varios intentos de acceso con una contraseña incorrecta a tu cuenta de {brand}, desde estas direcciones:",
    advice:
      "Si no has sido tú, no tienes que hacer nada para seguir entrando: esas direcciones se han ralentizado. Te recomendamos cambiar la contraseña y activar el inicio de sesión en dos pasos en tu perfil:",
  },
  /** The create- and reset-password mails. */
  passwordMail: {
    resetSubject: "Restablecer contraseña",
    createSubject: "Crea tu contraseña",
    resetBody:
      "Hemos recibido una solicitud para restablecer tu contraseña. Abre este enlace para elegir una nueva:",
    createBody: "Se ha creado tu cuenta. Abre este enlace para crear tu contraseña:",
    footer: "El enlace caduca en 24 horas y solo puede usarse una vez.",
  },
  /** An address from the nearest place: inside it, or how far from it. */
  places: {
    near: "cerca de {place}",
    away: "a {distance} de {place}",
  },
};
