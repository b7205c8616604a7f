import type { Incident } from "@vigia/domain";
import type { TFunction } from "i18next";
import { formatDateTime } from "../../kit/format/date.ts";

/**
 * What the ticket form is prefilled with when a ticket is opened from an incident: the kind and item as the
 * title, and what happened (when, who, how fast, where, the alarm's text) as the description. The user may
 * still change both before saving.
 */
export function incidentTicketDraft(
  incident: Incident,
  t: TFunction,
  timezone: string,
): { title: string; description: string } {
  const kind = t(`insights.kinds.${incident.kind}`);
  return {
    title: t("insights.ticketTitle", { kind, item: incident.itemName }).slice(0, 120),
    description: t("insights.ticketDescription", {
      kind,
      date: formatDateTime(incident.ts, timezone, true),
      item: incident.itemName,
      driver: incident.driverName ?? t("insights.noDriver"),
      speed: incident.speed,
      // Not `lat`/`lng`: i18next reads `lng` as the language.
      position: `${incident.lat.toFixed(5)}, ${incident.lng.toFixed(5)}`,
      detail: incident.kind === "alarm" ? incident.text : "",
      interpolation: { escapeValue: false },
    }).trim(),
  };
}
