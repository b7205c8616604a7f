import type { LatLng } from "@vigia/domain";
import type { ReactNode } from "react";
import { type DataColumn, DataTable } from "../../kit/table/index.ts";
import { PlacesFrame, usePlacesWritable } from "./common.tsx";
import { type RowOf, usePlacesCache } from "./data.ts";
import { ImportPlacesButton } from "./import-places-button.tsx";
import { usePlaceListActions } from "./list-actions.tsx";
import type { PlaceEditor } from "./place-editor.ts";
import { PlacesMap } from "./places-map.tsx";

interface Props<K extends "geozones" | "pois", D> {
  kind: K;
  title: string;
  rows: RowOf<K>[];
  columns: DataColumn<RowOf<K>>[];
  /** Opens a listed place in the side form. */
  onOpen(row: RowOf<K>): void;
  /** The buttons that start a new place (shown to users who may write). */
  newButtons: ReactNode;
  editor: PlaceEditor<D>;
  /** The side form of the open draft; `done` caches what it saved and goes back to the list. */
  form(draft: D, done: (saved: RowOf<K> | null) => void): ReactNode;
  /** A simplified ring drawn over the edited polygon. */
  preview?: LatLng[] | null;
}

/** A places list screen (geozones, POIs): the list or the side form on the left, the drawing map on the right. */
export function PlacesListScreen<K extends "geozones" | "pois", D extends { id: number | null }>({
  kind,
  title,
  rows,
  columns,
  onOpen,
  newButtons,
  editor,
  form,
  preview = null,
}: Props<K, D>) {
  const writable = usePlacesWritable();
  const cache = usePlacesCache();
  const { actions, onDeleteSelected } = usePlaceListActions<RowOf<K>>(kind, writable, onOpen);
  const { draft } = editor;
  const done = (saved: RowOf<K> | null) => {
    if (saved) cache.put(kind, [saved]);
    editor.close();
  };
  const side = draft ? (
    form(draft, done)
  ) : (
    <DataTable
      name={kind}
      title={title}
      rows={rows}
      rowKey={(row) => row.id}
      columns={columns}
      actions={actions}
      readOnly={!writable}
      onDeleteSelected={onDeleteSelected}
      toolbar={
        writable && (
          <>
            <ImportPlacesButton />
            {newButtons}
          </>
        )
      }
      height="calc(100dvh - 260px)"
    />
  );
  return (
    <PlacesFrame
      side={side}
      map={
        <PlacesMap
          shape={editor.shape}
          onShape={editor.setShape}
          mode={editor.mode}
          onMode={editor.setMode}
          hiddenId={draft?.id ?? null}
          preview={draft ? preview : null}
          focusKey={editor.focus}
        />
      }
    />
  );
}
