import type { AlarmRuleInput } from "@vigia/domain";

/** Sets part of one of the rule's sections (info, items, notification …), keeping the rest. */
export type SetRulePart = <K extends keyof AlarmRuleInput>(key: K, value: Partial<AlarmRuleInput[K]>) => void;

/** What every part of the rule form gets: the rule being edited, its setter and the save-disabling errors. */
export interface RuleFormPart {
  form: AlarmRuleInput;
  set: SetRulePart;
  /** The domain's field errors (`alarmRuleErrors`), keyed by field path. */
  errors: Record<string, string>;
  /** The translated error of a field path, if any. */
  err(key: string): string | undefined;
}
