/** What the app's frame shows of alarms: the top-bar bell and the notices panel beside the screens. */
export { AlarmBell, AlarmCenter } from "./alarm-center.tsx";
export { openAlarmPosition } from "./center.ts";
