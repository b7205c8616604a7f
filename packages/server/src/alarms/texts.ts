import type { Language } from "@vigia/domain";
import { asLanguage, formatInZone } from "../kernel/mail/language.ts";
import { DEVICE_EVENT_NAMES, EVENT_FAMILY_NAMES } from "./event-texts.ts";

/** Server-side texts of the alarm capability: family names for the inputs call, and notification mails. */
type Texts = Record<Language, string>;

export const FAMILY_NAMES: Record<number, Texts> = {
  5: { es: "Geozona", en: "Geozone", pt: "Geozona", fr: "Géozone", it: "Geozona", tr: "Coğrafi bölge" },
  6: {
    es: "Punto de interés",
    en: "Point of interest",
    pt: "Ponto de interesse",
    fr: "Point d'intérêt",
    it: "Punto di interesse",
    tr: "İlgi noktası",
  },
  10: { es: "Estado", en: "State", pt: "Estado", fr: "État", it: "Stato", tr: "Durum" },
  11: { es: "Ralentí", en: "Idle", pt: "Marcha lenta", fr: "Ralenti", it: "Minimo", tr: "Rölanti" },
  12: {
    es: "Sin conexión",
    en: "Offline",
    pt: "Sem conexão",
    fr: "Hors ligne",
    it: "Non in linea",
    tr: "Çevrimdışı",
  },
  13: {
    es: "Tiempo máximo de parada",
    en: "Maximum stop time",
    pt: "Tempo máximo de paragem",
    fr: "Durée d'arrêt maximale",
    it: "Tempo massimo di sosta",
    tr: "Azami durma süresi",
  },
  14: {
    es: "Tiempo máximo de conducción",
    en: "Maximum driving time",
    pt: "Tempo máximo de condução",
    fr: "Durée de conduite maximale",
    it: "Tempo massimo di guida",
    tr: "Azami sürüş süresi",
  },
  15: {
    es: "Tiempo máximo aparcado",
    en: "Maximum parked time",
    pt: "Tempo máximo estacionado",
    fr: "Durée de stationnement maximale",
    it: "Tempo massimo di parcheggio",
    tr: "Azami park süresi",
  },
  17: {
    es: "Trayecto sin conductor",
    en: "Track without driver",
    pt: "Trajeto sem condutor",
    fr: "Trajet sans conducteur",
    it: "Tragitto senza conducente",
    tr: "Sürücüsüz sefer",
  },
  19: {
    es: "Consumo medio mensual",
    en: "Monthly average fuel consumption",
    pt: "Consumo médio mensal",
    fr: "Consommation moyenne mensuelle",
    it: "Consumo medio mensile",
    tr: "Aylık ortalama yakıt tüketimi",
  },
  ...EVENT_FAMILY_NAMES,
};

export const PRIORITY_NAMES: Record<number, Texts> = {
  1: { es: "Baja", en: "Low", pt: "Baixa", fr: "Basse", it: "Bassa", tr: "Düşük" },
  2: { es: "Media", en: "Medium", pt: "Média", fr: "Moyenne", it: "Media", tr: "Orta" },
  3: { es: "Alta", en: "High", pt: "Alta", fr: "Haute", it: "Alta", tr: "Yüksek" },
};

export const EVENT_NAMES: Record<string, Texts> = {
  geozoneIn: {
    es: "Entrada en geozona",
    en: "Geozone entry",
    pt: "Entrada na geozona",
    fr: "Entrée dans la géozone",
    it: "Ingresso nella geozona",
    tr: "Bölgeye giriş",
  },
  geozoneOut: {
    es: "Salida de geozona",
    en: "Geozone exit",
    pt: "Saída da geozona",
    fr: "Sortie de la géozone",
    it: "Uscita dalla geozona",
    tr: "Bölgeden çıkış",
  },
  poiIn: {
    es: "Llegada a punto de interés",
    en: "Point of interest arrival",
    pt: "Chegada ao ponto de interesse",
    fr: "Arrivée au point d'intérêt",
    it: "Arrivo al punto di interesse",
    tr: "İlgi noktasına varış",
  },
  poiOut: {
    es: "Salida de punto de interés",
    en: "Point of interest departure",
    pt: "Saída do ponto de interesse",
    fr: "Départ du point d'intérêt",
    it: "Partenza dal punto di interesse",
    tr: "İlgi noktasından ayrılış",
  },
  stateEqual: {
    es: "Cambio de estado",
    en: "State change",
    pt: "Mudança de estado",
    fr: "Changement d'état",
    it: "Cambio di stato",
    tr: "Durum değişikliği",
  },
  stateUnequal: {
    es: "Cambio de estado",
    en: "State change",
    pt: "Mudança de estado",
    fr: "Changement d'état",
    it: "Cambio di stato",
    tr: "Durum değişikliği",
  },
  idle: FAMILY_NAMES[11]!,
  offline: FAMILY_NAMES[12]!,
  maxStop: FAMILY_NAMES[13]!,
  maxDriving: FAMILY_NAMES[14]!,
  maxParked: FAMILY_NAMES[15]!,
  trackWithoutDriver: FAMILY_NAMES[17]!,
  monthlyConsumption: FAMILY_NAMES[19]!,
  ...DEVICE_EVENT_NAMES,
};

const MAIL: Record<"item" | "date" | "position" | "map" | "event" | "unsubscribe" | "priority", Texts> = {
  map: {
    es: "Ver en el mapa",
    en: "View on the map",
    pt: "Ver no mapa",
    fr: "Voir sur la carte",
    it: "Vedi sulla mappa",
    tr: "Haritada göster",
  },
  item: { es: "Elemento", en: "Item", pt: "Elemento", fr: "Élément", it: "Elemento", tr: "Öğe" },
  date: { es: "Fecha", en: "Date", pt: "Data", fr: "Date", it: "Data", tr: "Tarih" },
  position: { es: "Posición", en: "Position", pt: "Posição", fr: "Position", it: "Posizione", tr: "Konum" },
  event: { es: "Evento", en: "Event", pt: "Evento", fr: "Événement", it: "Evento", tr: "Olay" },
  priority: {
    es: "Prioridad",
    en: "Priority",
    pt: "Prioridade",
    fr: "Priorité",
    it: "Priorità",
    tr: "Öncelik",
  },
  unsubscribe: {
    es: "Dejar de recibir estas notificaciones",
    en: "Stop receiving these notifications",
    pt: "Deixar de receber estas notificações",
    fr: "Ne plus recevoir ces notifications",
    it: "Non ricevere più queste notifiche",
    tr: "Bu bildirimleri almayı durdur",
  },
};

export function familyNames(): Record<string, { id: number; name: Texts }> {
  return Object.fromEntries(Object.entries(FAMILY_NAMES).map(([id, name]) => [id, { id: Number(id), name }]));
}

/** d h:mm:ss, as the spec formats durations. */
export function formatDuration(ms: number): string {
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const hms = `${h}:${String(m).padStart(2, "0")}:${String(sec).padStart(2, "0")}`;
  return d > 0 ? `${d}d ${hms}` : hms;
}

export interface MailInput {
  name: string;
  priority: number;
  event: string;
  text: string;
  itemName: string;
  ts: number;
  pos: { lat: number; lng: number } | null;
  /** The position's readable address, when known. */
  address: string | null;
  unsubscribeUrl: string;
  /** The position on the company's own site (SiteLinks), or null without a position. */
  mapUrl: string | null;
}

/** The map path that opens at an alarm's position (the web app's "/?lat&lng&alarm" deep link). */
export function alarmMapPath(pos: { lat: number; lng: number }, alarmId: number): string {
  return `/?lat=${pos.lat.toFixed(6)}&lng=${pos.lng.toFixed(6)}&alarm=${alarmId}`;
}

export function alarmMail(input: MailInput, language: string, timeZone: string) {
  const lang = asLanguage(language);
  const event = EVENT_NAMES[input.event]?.[lang] ?? input.event;
  const priority = PRIORITY_NAMES[input.priority]?.[lang] ?? String(input.priority);
  const coordinates = input.pos ? `${input.pos.lat.toFixed(6)},${input.pos.lng.toFixed(6)}` : "-";
  const position = input.pos && input.address ? `${input.address} (${coordinates})` : coordinates;
  const lines = [
    input.name,
    "",
    `${MAIL.event[lang]}: ${event}${input.text ? ` (${input.text})` : ""}`,
    `${MAIL.item[lang]}: ${input.itemName}`,
    `${MAIL.date[lang]}: ${formatInZone(input.ts, timeZone)} (${timeZone})`,
    `${MAIL.position[lang]}: ${position}`,
    ...(input.mapUrl ? [`${MAIL.map[lang]}: ${input.mapUrl}`] : []),
    `${MAIL.priority[lang]}: ${priority}`,
    "",
    `${MAIL.unsubscribe[lang]}: ${input.unsubscribeUrl}`,
  ];
  return { subject: `[${priority}] ${input.name}: ${event} - ${input.itemName}`, text: lines.join("\n") };
}
