import type { TFunction } from "i18next";

/** Translates a domain message key (e.g. "invalidPlate", "unknownGroup:Madrid") for inline errors. */
export function errorText(t: TFunction, key: string | undefined): string | undefined {
  if (!key) return undefined;
  const [name = key, param = ""] = key.split(":");
  const safe = name.replaceAll(".", "_");
  return t(`mgmtErrors.${safe}`, { defaultValue: key, value: param });
}
