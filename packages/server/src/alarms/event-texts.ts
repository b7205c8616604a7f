import type { Language } from "@vigia/domain";

/** Names of the event alarm families (issue 21) and of the events they raise, in every language. */
type Texts = Record<Language, string>;

export const EVENT_FAMILY_NAMES: Record<number, Texts> = {
  20: {
    es: "Exceso de velocidad",
    en: "Speeding",
    pt: "Excesso de velocidade",
    fr: "Excès de vitesse",
    it: "Eccesso di velocità",
    tr: "Hız aşımı",
  },
  21: {
    es: "Encendido / apagado",
    en: "Ignition on / off",
    pt: "Ignição ligada / desligada",
    fr: "Contact mis / coupé",
    it: "Accensione / spegnimento",
    tr: "Kontak açık / kapalı",
  },
  22: {
    es: "SOS / pánico",
    en: "SOS / panic",
    pt: "SOS / pânico",
    fr: "SOS / panique",
    it: "SOS / panico",
    tr: "SOS / panik",
  },
  23: {
    es: "Corte de alimentación",
    en: "Power cut",
    pt: "Corte de alimentação",
    fr: "Coupure d'alimentation",
    it: "Interruzione di alimentazione",
    tr: "Güç kesintisi",
  },
  24: {
    es: "Batería baja",
    en: "Low battery",
    pt: "Bateria fraca",
    fr: "Batterie faible",
    it: "Batteria scarica",
    tr: "Düşük pil",
  },
  25: { es: "Puerta", en: "Door", pt: "Porta", fr: "Porte", it: "Porta", tr: "Kapı" },
  26: {
    es: "Remolque / movimiento aparcado",
    en: "Towing / movement while parked",
    pt: "Reboque / movimento estacionado",
    fr: "Remorquage / mouvement à l'arrêt",
    it: "Traino / movimento in sosta",
    tr: "Çekilme / park halinde hareket",
  },
  27: { es: "Choque", en: "Crash", pt: "Colisão", fr: "Choc", it: "Urto", tr: "Kaza" },
  28: {
    es: "Conducción brusca",
    en: "Harsh driving",
    pt: "Condução brusca",
    fr: "Conduite brusque",
    it: "Guida brusca",
    tr: "Sert sürüş",
  },
  29: {
    es: "Sabotaje / vibración",
    en: "Tamper / vibration",
    pt: "Sabotagem / vibração",
    fr: "Sabotage / vibration",
    it: "Manomissione / vibrazione",
    tr: "Kurcalama / titreşim",
  },
  30: {
    es: "Bloqueo de motor",
    en: "Engine lock",
    pt: "Bloqueio do motor",
    fr: "Blocage moteur",
    it: "Blocco motore",
    tr: "Motor kilidi",
  },
  31: {
    es: "Mantenimiento",
    en: "Maintenance",
    pt: "Manutenção",
    fr: "Entretien",
    it: "Manutenzione",
    tr: "Bakım",
  },
  32: {
    es: "Bloqueo virtual",
    en: "Virtual lock",
    pt: "Bloqueio virtual",
    fr: "Verrou virtuel",
    it: "Blocco virtuale",
    tr: "Sanal kilit",
  },
  35: {
    es: "Itinerario",
    en: "Itinerary",
    pt: "Itinerário",
    fr: "Itinéraire",
    it: "Itinerario",
    tr: "Güzergâh planı",
  },
};

export const DEVICE_EVENT_NAMES: Record<string, Texts> = {
  speeding: EVENT_FAMILY_NAMES[20]!,
  ignitionOn: {
    es: "Encendido",
    en: "Ignition on",
    pt: "Ignição ligada",
    fr: "Contact mis",
    it: "Accensione",
    tr: "Kontak açıldı",
  },
  ignitionOff: {
    es: "Apagado",
    en: "Ignition off",
    pt: "Ignição desligada",
    fr: "Contact coupé",
    it: "Spegnimento",
    tr: "Kontak kapandı",
  },
  sos: EVENT_FAMILY_NAMES[22]!,
  powerCut: EVENT_FAMILY_NAMES[23]!,
  lowBattery: EVENT_FAMILY_NAMES[24]!,
  doorOpen: {
    es: "Puerta abierta",
    en: "Door opened",
    pt: "Porta aberta",
    fr: "Porte ouverte",
    it: "Porta aperta",
    tr: "Kapı açıldı",
  },
  doorClose: {
    es: "Puerta cerrada",
    en: "Door closed",
    pt: "Porta fechada",
    fr: "Porte fermée",
    it: "Porta chiusa",
    tr: "Kapı kapandı",
  },
  tow: EVENT_FAMILY_NAMES[26]!,
  crash: EVENT_FAMILY_NAMES[27]!,
  harshAcceleration: {
    es: "Aceleración brusca",
    en: "Harsh acceleration",
    pt: "Aceleração brusca",
    fr: "Accélération brusque",
    it: "Accelerazione brusca",
    tr: "Sert hızlanma",
  },
  harshBraking: {
    es: "Frenada brusca",
    en: "Harsh braking",
    pt: "Travagem brusca",
    fr: "Freinage brusque",
    it: "Frenata brusca",
    tr: "Sert frenleme",
  },
  sharpTurn: {
    es: "Giro brusco",
    en: "Sharp turn",
    pt: "Curva brusca",
    fr: "Virage brusque",
    it: "Curva brusca",
    tr: "Keskin dönüş",
  },
  vibration: {
    es: "Vibración",
    en: "Vibration",
    pt: "Vibração",
    fr: "Vibration",
    it: "Vibrazione",
    tr: "Titreşim",
  },
  tamper: {
    es: "Sabotaje",
    en: "Tampering",
    pt: "Sabotagem",
    fr: "Sabotage",
    it: "Manomissione",
    tr: "Kurcalama",
  },
  jamming: {
    es: "Inhibición GSM",
    en: "GSM jamming",
    pt: "Bloqueio GSM",
    fr: "Brouillage GSM",
    it: "Disturbo GSM",
    tr: "GSM karıştırma",
  },
  engineLocked: {
    es: "Motor bloqueado",
    en: "Engine locked",
    pt: "Motor bloqueado",
    fr: "Moteur bloqué",
    it: "Motore bloccato",
    tr: "Motor kilitlendi",
  },
  engineUnlocked: {
    es: "Motor desbloqueado",
    en: "Engine unlocked",
    pt: "Motor desbloqueado",
    fr: "Moteur débloqué",
    it: "Motore sbloccato",
    tr: "Motor kilidi açıldı",
  },
  virtualLockMoved: {
    es: "Bloqueo virtual: el vehículo se ha movido",
    en: "Virtual lock: the vehicle moved",
    pt: "Bloqueio virtual: o veículo moveu-se",
    fr: "Verrou virtuel : le véhicule a bougé",
    it: "Blocco virtuale: il veicolo si è spostato",
    tr: "Sanal kilit: araç hareket etti",
  },
  virtualLockIgnition: {
    es: "Bloqueo virtual: contacto encendido",
    en: "Virtual lock: ignition on",
    pt: "Bloqueio virtual: ignição ligada",
    fr: "Verrou virtuel : contact mis",
    it: "Blocco virtuale: accensione inserita",
    tr: "Sanal kilit: kontak açıldı",
  },
  maintenanceDue: {
    es: "Mantenimiento pendiente",
    en: "Maintenance due",
    pt: "Manutenção pendente",
    fr: "Entretien à faire",
    it: "Manutenzione dovuta",
    tr: "Bakım zamanı",
  },
  itineraryEarly: {
    es: "Itinerario: llegada anticipada",
    en: "Itinerary: early arrival",
    pt: "Itinerário: chegada antecipada",
    fr: "Itinéraire : arrivée en avance",
    it: "Itinerario: arrivo in anticipo",
    tr: "Güzergâh planı: erken varış",
  },
  itineraryLate: {
    es: "Itinerario: llegada con retraso",
    en: "Itinerary: late arrival",
    pt: "Itinerário: chegada atrasada",
    fr: "Itinéraire : arrivée en retard",
    it: "Itinerario: arrivo in ritardo",
    tr: "Güzergâh planı: geç varış",
  },
  itineraryStayShort: {
    es: "Itinerario: parada demasiado corta",
    en: "Itinerary: stay too short",
    pt: "Itinerário: paragem demasiado curta",
    fr: "Itinéraire : arrêt trop court",
    it: "Itinerario: sosta troppo breve",
    tr: "Güzergâh planı: durak çok kısa",
  },
  itineraryStayLong: {
    es: "Itinerario: parada demasiado larga",
    en: "Itinerary: stay too long",
    pt: "Itinerário: paragem demasiado longa",
    fr: "Itinéraire : arrêt trop long",
    it: "Itinerario: sosta troppo lunga",
    tr: "Güzergâh planı: durak çok uzun",
  },
  itinerarySkipped: {
    es: "Itinerario: punto de paso omitido",
    en: "Itinerary: waypoint missed",
    pt: "Itinerário: ponto de passagem falhado",
    fr: "Itinéraire : étape manquée",
    it: "Itinerario: tappa saltata",
    tr: "Güzergâh planı: durak atlandı",
  },
  itineraryOutOfOrder: {
    es: "Itinerario: punto de paso fuera de orden",
    en: "Itinerary: waypoint out of order",
    pt: "Itinerário: ponto de passagem fora de ordem",
    fr: "Itinéraire : étape dans le désordre",
    it: "Itinerario: tappa fuori ordine",
    tr: "Güzergâh planı: durak sırası dışında",
  },
};

/** The notice text of an event family's params: the speed over its limit, the battery level, the service km. */
export function describeEventParams(p: Record<string, number>): string | null {
  if (p.speed !== undefined && p.limit !== undefined) return `${p.speed} km/h > ${p.limit} km/h`;
  if (p.speed !== undefined) return `${p.speed} km/h`;
  if (p.level !== undefined) return `${p.level} %`;
  if (p.km !== undefined) return `${p.km} km`;
  if (p.waypoint !== undefined) {
    // Itinerary deviations: the waypoint's number, how far off the planned time and how long the stay, in minutes.
    const parts = [`#${p.waypoint}`];
    if (p.delta !== undefined) parts.push(`${p.delta > 0 ? "+" : ""}${p.delta} min`);
    if (p.stay !== undefined) parts.push(`${p.stay} min`);
    return parts.join(" · ");
  }
  return null;
}
