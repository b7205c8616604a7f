import {
  APP_CONFIG_KEYS,
  type AppConfig,
  type AppConfigOverride,
  appConfigOverrideSchema,
  appConfigSchema,
  effectiveAppConfig,
} from "@vigia/domain";

type Key = keyof AppConfig;

/** The schema's message per setting ("min", "appConfig.wifiMin" …) as the last part of a locale key; {} when valid. */
export function appConfigErrors(value: AppConfig): Partial<Record<Key, string>> {
  const parsed = appConfigSchema.safeParse(value);
  if (parsed.success) return {};
  const out: Partial<Record<Key, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = APP_CONFIG_KEYS.find((k) => k === issue.path[0]);
    if (key && !out[key])
      out[key] = issue.message.startsWith("appConfig.") ? issue.message.slice(10) : "invalid";
  }
  return out;
}

/** One device's edit: the values shown (its own where it has them, else the company's) and which are its own. */
export interface OverrideEdit {
  value: AppConfig;
  own: Set<Key>;
}

export function overrideEdit(company: AppConfig, override: AppConfigOverride): OverrideEdit {
  return {
    value: effectiveAppConfig(company, override),
    own: new Set(APP_CONFIG_KEYS.filter((k) => override[k] !== undefined)),
  };
}

/** What is stored for the device: only the settings it keeps as its own. */
export function overrideOf(edit: OverrideEdit): AppConfigOverride {
  const out: Record<string, unknown> = {};
  for (const key of edit.own) out[key] = edit.value[key];
  return appConfigOverrideSchema.parse(out);
}
