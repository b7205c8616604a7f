import { QueryClient } from "@tanstack/react-query";
import type { MapMarker, ServerMessage } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { applyMarkerMessage, markersAfter } from "./marker-live.ts";
import { markersQueryKey } from "./markers-layer.ts";

const marker = (id: number, name: string, mine = false): MapMarker => ({
  id,
  name,
  note: "",
  lat: 40,
  lng: -3,
  shared: true,
  author: "a@acme.demo",
  mine,
  createdTs: 1,
});
const live = (id: number, name: string, authorId: number | null): ServerMessage => {
  const { mine: _mine, ...fields } = marker(id, name);
  return { type: "marker", data: { ...fields, authorId } };
};

describe("markersAfter", () => {
  it.each([
    ["adds a marker of another user", [marker(1, "A")], live(2, "B", 9), [marker(1, "A"), marker(2, "B")]],
    ["marks the receiver's own marker as mine", [], live(2, "B", 4), [marker(2, "B", true)]],
    ["an API key's marker is nobody's", [], live(2, "B", null), [marker(2, "B")]],
    [
      "replaces a changed marker in place",
      [marker(1, "A"), marker(2, "B")],
      live(1, "A2", 9),
      [marker(1, "A2"), marker(2, "B")],
    ],
    [
      "removes a deleted marker",
      [marker(1, "A"), marker(2, "B")],
      { type: "markerDel", data: { id: 1 } } as ServerMessage,
      [marker(2, "B")],
    ],
  ])("%s", (_what, before, message, after) => {
    expect(markersAfter(before, 4, message)).toEqual(after);
  });

  it("leaves other messages alone", () => {
    expect(markersAfter([], 4, { type: "poiDel", data: { id: 1 } })).toBeNull();
  });
});

describe("applyMarkerMessage", () => {
  it("patches the shared markers query once it is loaded, and waits for the first fetch otherwise", () => {
    const client = new QueryClient();
    applyMarkerMessage(client, 5, 4, live(2, "B", 9));
    expect(client.getQueryData(markersQueryKey(5))).toBeUndefined();
    client.setQueryData(markersQueryKey(5), [marker(1, "A")]);
    applyMarkerMessage(client, 5, 4, live(2, "B", 9));
    expect(client.getQueryData(markersQueryKey(5))).toEqual([marker(1, "A"), marker(2, "B")]);
  });
});
