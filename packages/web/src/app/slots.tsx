import type { ComponentType } from "react";
import { AlarmBell, AlarmCenter } from "../features/alarms/index.ts";

/** One thing a feature puts into the frame; `id` keys it in the rendered list. */
export interface FrameSlot {
  id: string;
  Component: ComponentType;
}

/**
 * What features contribute to the frame. This is the only place that knows which feature fills which slot:
 * the shell renders the lists it is given and imports no feature itself.
 */
export const FRAME_SLOTS: {
  /** Top-bar items left of the user menu, shown only while a company is loaded. */
  readonly topBar: readonly FrameSlot[];
  /** Panels, modals and toasts rendered beside the main outlet of every signed-in screen. */
  readonly beside: readonly FrameSlot[];
} = {
  topBar: [{ id: "alarm-bell", Component: AlarmBell }],
  beside: [{ id: "alarm-center", Component: AlarmCenter }],
};
