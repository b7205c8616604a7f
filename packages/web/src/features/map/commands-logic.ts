import type { DeviceCommand, DeviceCommandStatus } from "@vigia/domain";

/** Pure helpers of the item panel's commands section. */

export const STATUS_COLOR: Record<DeviceCommandStatus, string> = {
  pending: "yellow",
  sent: "blue",
  answered: "green",
  failed: "red",
  timeout: "orange",
  expired: "gray",
};

/** While a command waits for the device, the panel asks again for its answer. */
export const COMMAND_POLL_MS = 3000;

export const awaitingAnswer = (commands: readonly DeviceCommand[]): boolean =>
  commands.some((c) => c.status === "pending" || c.status === "sent");

/** Engine stop is the one command that changes how the vehicle behaves on the road: it is shown in red. */
export const isDangerous = (kind: DeviceCommand["kind"]): boolean => kind === "engineStop";

/** The i18n key of an error the commands routes answer, or null for the generic error text. */
export function commandErrorKey(description: string): string | null {
  if (description === "command.noDevice") return "commands.errors.noDevice";
  if (description === "command.unsupported") return "commands.errors.unsupported";
  if (description === "command.noEngine") return "commands.errors.noEngine";
  if (description === "forbidden" || description === "read.only") return "commands.errors.forbidden";
  return null;
}

/**
 * The status a command shows: one the device's protocol has no answer to never gets an answer, so running out of
 * time waiting for one says nothing about it and it stays "sent".
 */
export function shownStatus(
  c: Pick<DeviceCommand, "kind" | "status">,
  unanswered: readonly DeviceCommand["kind"][],
): DeviceCommandStatus {
  return c.status === "timeout" && unanswered.includes(c.kind) ? "sent" : c.status;
}
