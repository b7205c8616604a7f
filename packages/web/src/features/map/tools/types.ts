import type { Role } from "@vigia/domain";
import type { Map as MapLibre } from "maplibre-gl";
import type { ComponentType } from "react";
import type { LiveKey } from "../../../platform/live/store.ts";
import type { Catalog } from "../catalog.ts";

/** What every map tool's modal is given by the live map. */
export interface MapToolProps {
  companyId: number;
  catalog: Catalog;
  selected: LiveKey | null;
  timezone: string;
  /** The live map, for tools that draw on it or read its centre (null while it loads or without WebGL). */
  getMap(): MapLibre | null;
  onClose(): void;
}

export interface MapToolDef {
  id: string;
  /** i18n key of the menu entry. */
  label: string;
  icon: ComponentType<{ size?: number }>;
  Modal: ComponentType<MapToolProps>;
  /** Shown only with an item of these kinds selected (undefined: always). */
  needs?: readonly ("vehicle" | "asset" | "person")[];
  /** Shown only to users this accepts (undefined: everyone), so nobody gets a tool the server refuses them. */
  allowed?(user: { role: Role; readOnly: boolean }): boolean;
}
