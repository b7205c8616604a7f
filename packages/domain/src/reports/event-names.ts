import type { DrivingEventKind } from "../model/derived.ts";

/**
 * Driving events by name in the six interface languages: report rows, map labels and files print these, never
 * the stored kind.
 */
const NAMES: Record<string, Record<DrivingEventKind, string>> = {
  en: {
    harshAcceleration: "Harsh acceleration",
    harshBraking: "Harsh braking",
    sharpTurn: "Sharp turn",
    overspeed: "Speeding",
    crash: "Crash",
  },
  es: {
    harshAcceleration: "Aceleración brusca",
    harshBraking: "Frenada brusca",
    sharpTurn: "Giro brusco",
    overspeed: "Exceso de velocidad",
    crash: "Choque",
  },
  fr: {
    harshAcceleration: "Accélération brusque",
    harshBraking: "Freinage brusque",
    sharpTurn: "Virage brusque",
    overspeed: "Excès de vitesse",
    crash: "Collision",
  },
  it: {
    harshAcceleration: "Accelerazione brusca",
    harshBraking: "Frenata brusca",
    sharpTurn: "Sterzata brusca",
    overspeed: "Eccesso di velocità",
    crash: "Urto",
  },
  pt: {
    harshAcceleration: "Aceleração brusca",
    harshBraking: "Travagem brusca",
    sharpTurn: "Curva brusca",
    overspeed: "Excesso de velocidade",
    crash: "Colisão",
  },
  tr: {
    harshAcceleration: "Sert hızlanma",
    harshBraking: "Sert fren",
    sharpTurn: "Keskin dönüş",
    overspeed: "Hız aşımı",
    crash: "Çarpışma",
  },
};

/** The event's name in the language (English when the language is not one of the six). */
export function drivingEventName(kind: DrivingEventKind, lang: string): string {
  return (NAMES[lang.slice(0, 2)] ?? NAMES.en!)[kind];
}
