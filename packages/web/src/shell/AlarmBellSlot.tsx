import { AlarmBell, AlarmCenter } from "../alarms/AlarmCenter.tsx";

/**
 * The alarms issue's slot in the frame: the top-bar bell (rendered by the shell only while a company is
 * loaded) and, beside the main outlet, the notices panel, position modal and toast.
 */
export function AlarmBellSlot() {
  return <AlarmBell />;
}

export function AlarmPanelSlot() {
  return <AlarmCenter />;
}
