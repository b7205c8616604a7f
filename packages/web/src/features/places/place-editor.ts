import { useState } from "react";
import type { Shape } from "./drawing.ts";
import type { DrawMode } from "./places-map.tsx";

/**
 * The state a places screen keeps while a place is created or edited: the draft, the shape on the map, the
 * drawing mode and which place the map centres on. `edit` opens a draft, `close` goes back to the list.
 */
export function usePlaceEditor<D>() {
  const [draft, setDraft] = useState<D | null>(null);
  const [shape, setShape] = useState<Shape | null>(null);
  const [mode, setMode] = useState<DrawMode>("none");
  const [focus, setFocus] = useState<number | null>(null);
  return {
    draft,
    setDraft,
    shape,
    setShape,
    mode,
    setMode,
    focus,
    /** Opens a draft: an existing place (its shape, edit mode, the map on it) or a new one to draw. */
    edit(next: D, start: { shape: Shape; focus: number } | { mode: DrawMode }) {
      setDraft(next);
      if ("shape" in start) {
        setShape(start.shape);
        setMode("edit");
        setFocus(start.focus);
      } else {
        setShape(null);
        setMode(start.mode);
      }
    },
    close() {
      setDraft(null);
      setShape(null);
      setMode("none");
    },
  };
}

/** What `usePlaceEditor` hands a places screen. */
export type PlaceEditor<D> = ReturnType<typeof usePlaceEditor<D>>;
