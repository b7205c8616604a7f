import { distanceM, type LatLng } from "@vigia/domain";
import type { Point } from "geojson";
import { describe, expect, it } from "vitest";
import {
  circleCentreText,
  dragHandle,
  geozoneHint,
  insertVertex,
  radiusHandle,
  removeVertex,
  roundLatLng,
  type Shape,
  shapeFeatures,
  translate,
} from "./drawing.ts";

const square: Shape = {
  type: "polygon",
  points: [
    { lat: 40, lng: -3 },
    { lat: 40, lng: -2 },
    { lat: 41, lng: -2 },
    { lat: 41, lng: -3 },
  ],
};
const circle: Shape = { type: "circle", center: { lat: 40.4, lng: -3.7 }, radius: 500 };
const poi: Shape = { type: "point", center: { lat: 40.4, lng: -3.7 }, radius: 50 };

const pointsOf = (shape: Shape): LatLng[] => (shape.type === "polygon" ? shape.points : []);

describe("roundLatLng", () => {
  it("keeps seven decimals (about a centimetre)", () => {
    expect(roundLatLng({ lat: 40.123456789, lng: -3.000000049 })).toEqual({ lat: 40.1234568, lng: -3 });
  });
});

describe("radiusHandle", () => {
  it.each([0, 40, 60, -70])("sits due east of a centre at latitude %i, one radius away", (lat) => {
    const center = { lat, lng: 10 };
    const handle = radiusHandle(center, 1000);
    expect(handle.lat).toBe(lat);
    expect(handle.lng).toBeGreaterThan(10);
    expect(distanceM(center, handle)).toBeCloseTo(1000, -1);
  });
});

describe("dragHandle", () => {
  it("moves one polygon vertex and leaves the others (and the input) alone", () => {
    const moved = dragHandle(square, { kind: "vertex", index: 2 }, { lat: 41.5, lng: -1.123456789 });
    expect(pointsOf(moved)).toEqual([
      { lat: 40, lng: -3 },
      { lat: 40, lng: -2 },
      { lat: 41.5, lng: -1.1234568 },
      { lat: 41, lng: -3 },
    ]);
    expect(pointsOf(square)[2]).toEqual({ lat: 41, lng: -2 });
  });

  it.each([circle, poi])("moves the centre of a $type", (shape) => {
    const moved = dragHandle(shape, { kind: "center" }, { lat: 41, lng: -4 });
    expect(moved).toEqual({ ...shape, center: { lat: 41, lng: -4 } });
  });

  it("sets a circle's radius to the whole metres from the centre to the pointer", () => {
    const to = radiusHandle(circle.type === "circle" ? circle.center : { lat: 0, lng: 0 }, 1234.4);
    const moved = dragHandle(circle, { kind: "radius" }, to);
    expect(moved).toMatchObject({ type: "circle", radius: 1234 });
  });

  it("never lets the radius reach zero", () => {
    const moved = dragHandle(circle, { kind: "radius" }, { lat: 40.4, lng: -3.7 });
    expect(moved).toMatchObject({ radius: 1 });
  });

  it.each([
    { shape: square, handle: { kind: "center" } as const },
    { shape: square, handle: { kind: "radius" } as const },
    { shape: circle, handle: { kind: "vertex", index: 0 } as const },
  ])("ignores a $handle.kind handle on a $shape.type", ({ shape, handle }) => {
    expect(dragHandle(shape, handle, { lat: 0, lng: 0 })).toBe(shape);
  });
});

describe("translate", () => {
  it("moves every vertex of a polygon by the pointer's move", () => {
    const moved = translate(square, { lat: 40, lng: -3 }, { lat: 40.5, lng: -2.5 });
    expect(pointsOf(moved)).toEqual([
      { lat: 40.5, lng: -2.5 },
      { lat: 40.5, lng: -1.5 },
      { lat: 41.5, lng: -1.5 },
      { lat: 41.5, lng: -2.5 },
    ]);
  });

  it("moves a circle's centre and keeps its radius", () => {
    expect(translate(circle, { lat: 0, lng: 0 }, { lat: 1, lng: 1 })).toEqual({
      type: "circle",
      center: { lat: 41.4, lng: -2.7 },
      radius: 500,
    });
  });

  it("stops at the poles", () => {
    const moved = translate(poi, { lat: 0, lng: 0 }, { lat: 80, lng: 0 });
    expect(moved).toMatchObject({ center: { lat: 90, lng: -3.7 } });
  });
});

describe("insertVertex / removeVertex", () => {
  it("inserts after the given vertex (the midpoint handle of that edge)", () => {
    const added = insertVertex(square, 1, { lat: 40.5, lng: -2 });
    expect(pointsOf(added).map((p) => `${p.lat},${p.lng}`)).toEqual([
      "40,-3",
      "40,-2",
      "40.5,-2",
      "41,-2",
      "41,-3",
    ]);
  });

  it("removes a vertex while more than three remain", () => {
    const removed = removeVertex(square, 0);
    expect(pointsOf(removed)).toEqual(pointsOf(square).slice(1));
  });

  it("keeps a triangle a triangle", () => {
    const triangle = removeVertex(square, 0);
    expect(removeVertex(triangle, 0)).toBe(triangle);
  });

  it("counts repeated points once when deciding whether a vertex may go", () => {
    const doubled: Shape = {
      type: "polygon",
      points: [...pointsOf(square).slice(0, 3), pointsOf(square)[2] as LatLng],
    };
    expect(removeVertex(doubled, 0)).toBe(doubled);
  });

  it.each([circle, poi])("leaves a $type unchanged", (shape) => {
    expect(insertVertex(shape, 0, { lat: 0, lng: 0 })).toBe(shape);
    expect(removeVertex(shape, 0)).toBe(shape);
  });
});

describe("shapeFeatures", () => {
  const kinds = (shape: Shape, preview?: LatLng) =>
    shapeFeatures(shape, preview).handles.features.map((f) => `${f.properties?.kind}:${f.properties?.index}`);

  it("is empty without a shape", () => {
    const { outline, handles } = shapeFeatures(null);
    expect(outline.features).toEqual([]);
    expect(handles.features).toEqual([]);
  });

  it("gives a closed polygon its vertices and a midpoint per edge, the last closing the ring", () => {
    expect(kinds(square)).toEqual([
      "vertex:0",
      "mid:0",
      "vertex:1",
      "mid:1",
      "vertex:2",
      "mid:2",
      "vertex:3",
      "mid:3",
    ]);
    const lastMid = shapeFeatures(square).handles.features[7]?.geometry as Point;
    expect(lastMid.coordinates).toEqual([-3, 40.5]);
    const outline = shapeFeatures(square).outline.features[0];
    expect(outline?.geometry.type).toBe("Polygon");
  });

  it("gives a polygon still being drawn no midpoints, and follows the pointer", () => {
    const open: Shape = { type: "polygon", open: true, points: pointsOf(square).slice(0, 2) };
    expect(kinds(open)).toEqual(["vertex:0", "vertex:1"]);
    expect(shapeFeatures(open).outline.features[0]?.geometry.type).toBe("LineString");
    expect(shapeFeatures(open, { lat: 41, lng: -2 }).outline.features[0]?.geometry.type).toBe("Polygon");
  });

  it.each([
    { points: 0, outline: [] },
    { points: 1, outline: [] },
    { points: 2, outline: ["LineString"] },
    { points: 3, outline: ["Polygon"] },
  ])("outlines an open polygon of $points point(s) as $outline", ({ points, outline }) => {
    const shape: Shape = { type: "polygon", open: true, points: pointsOf(square).slice(0, points) };
    expect(shapeFeatures(shape).outline.features.map((f) => f.geometry.type)).toEqual(outline);
  });

  it("gives a circle a centre and a radius handle and a ring outline", () => {
    expect(kinds(circle)).toEqual(["center:-1", "radius:-1"]);
    const ring = shapeFeatures(circle).outline.features[0]?.geometry;
    expect(ring?.type).toBe("Polygon");
    if (ring?.type !== "Polygon") return;
    for (const [lng, lat] of ring.coordinates[0] ?? [])
      expect(distanceM({ lat: 40.4, lng: -3.7 }, { lat: lat as number, lng: lng as number })).toBeCloseTo(
        500,
        -1,
      );
  });

  it("gives a POI only its centre handle (the radius is typed, not dragged)", () => {
    expect(kinds(poi)).toEqual(["center:-1"]);
  });
});

describe("new circle", () => {
  const t = (key: string) => key;
  it.each([
    ["drawing a circle", "circle", null, "places.hint.circle"],
    ["drawing a polygon", "polygon", null, "places.hint.polygon"],
    ["editing the drawn circle: no vertex talk", "edit", { type: "circle" }, "places.hint.editCircle"],
    ["editing a polygon", "edit", { type: "polygon" }, "places.hint.edit"],
  ] as const)("%s", (_name, mode, shape, expected) => expect(geozoneHint(mode, shape, t)).toBe(expected));

  it("writes the clicked centre into the centre field", () => {
    expect(circleCentreText({ lat: 40.41678912, lng: -3.7038 })).toBe("40.416789,-3.703800");
  });
});
