import type { TFunction } from "i18next";

/**
 * The readable text of a forwarding target's last error. The server keeps short codes: `egress.refused`
 * (on purpose the same for a refused address and a receiver that is down, so a URL cannot probe the network),
 * `no answer` and `HTTP <status>`; anything else (a broker's own message) is shown as it came.
 */
export function forwardingErrorText(error: string, t: TFunction): string {
  if (error === "egress.refused") return t("forwarding.errorText.unreachable");
  if (error === "no answer") return t("forwarding.errorText.noAnswer");
  const http = /^HTTP (\d{3})$/.exec(error);
  if (http) return t("forwarding.errorText.http", { status: http[1] });
  return error;
}
