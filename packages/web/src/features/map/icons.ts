import {
  type Icon,
  IconBackhoe,
  IconBike,
  IconBox,
  IconBriefcase,
  IconBus,
  IconCar,
  IconCarSuv,
  IconCat,
  IconContainer,
  IconDog,
  IconMapPin,
  IconMoodKid,
  IconMotorbike,
  IconPaw,
  IconScooter,
  IconShip,
  IconStack2,
  IconTag,
  IconTractor,
  IconTrain,
  IconTruck,
  IconTruckDelivery,
  IconUser,
} from "@tabler/icons-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { type Glyph, MARKER_COLORS, MOTION_COLORS, parseBadgeIconId } from "./symbols.ts";

/** Icons are drawn at twice their CSS size so they stay sharp on high-density screens. */
export const ICON_PIXEL_RATIO = 2;
const BADGE = 34; // css px: the canvas of a badge and of its heading pointer
const R = ICON_PIXEL_RATIO;

const GLYPH_ICON: Record<Glyph, Icon> = {
  car: IconCar,
  suv: IconCarSuv,
  van: IconTruckDelivery,
  truck: IconTruck,
  bus: IconBus,
  motorcycle: IconMotorbike,
  scooter: IconScooter,
  bicycle: IconBike,
  tractor: IconTractor,
  machinery: IconBackhoe,
  ship: IconShip,
  train: IconTrain,
  vehicle: IconMapPin,
  asset: IconTag,
  box: IconBox,
  container: IconContainer,
  pallet: IconStack2,
  suitcase: IconBriefcase,
  pet: IconPaw,
  dog: IconDog,
  cat: IconCat,
  child: IconMoodKid,
  person: IconUser,
};

const pathCache = new Map<Glyph, Path2D[]>();

/** The glyph's outline paths (24×24 units), read once from the icon set's SVG markup. */
function glyphPaths(glyph: Glyph): Path2D[] {
  let paths = pathCache.get(glyph);
  if (!paths) {
    const markup = renderToStaticMarkup(createElement(GLYPH_ICON[glyph]));
    paths = [...markup.matchAll(/\sd="([^"]+)"/g)].map((m) => new Path2D(m[1]));
    pathCache.set(glyph, paths);
  }
  return paths;
}

function canvas(size: number): CanvasRenderingContext2D | null {
  const el = document.createElement("canvas");
  el.width = size * R;
  el.height = size * R;
  const ctx = el.getContext("2d");
  ctx?.scale(R, R);
  return ctx;
}

function imageOf(ctx: CanvasRenderingContext2D): ImageData {
  return ctx.getImageData(0, 0, ctx.canvas.width, ctx.canvas.height);
}

function drawMarker(
  ctx: CanvasRenderingContext2D,
  marker: keyof typeof MARKER_COLORS,
  x: number,
  y: number,
): void {
  ctx.beginPath();
  ctx.arc(x, y, 6, 0, Math.PI * 2);
  ctx.fillStyle = "#ffffff";
  ctx.fill();
  ctx.fillStyle = MARKER_COLORS[marker];
  ctx.beginPath();
  if (marker === "stop") ctx.rect(x - 2.7, y - 2.7, 5.4, 5.4);
  else {
    ctx.moveTo(x - 2.2, y - 3.2);
    ctx.lineTo(x + 3.4, y);
    ctx.lineTo(x - 2.2, y + 3.2);
    ctx.closePath();
  }
  ctx.fill();
}

/** A round badge in the motion colour with the type glyph, and the intrack marker at its lower right. */
function drawBadge(id: string): ImageData | null {
  const parsed = parseBadgeIconId(id);
  const ctx = parsed && canvas(BADGE);
  if (!parsed || !ctx) return null;
  const c = BADGE / 2;
  ctx.shadowColor = "rgba(0,0,0,0.35)";
  ctx.shadowBlur = 3;
  ctx.shadowOffsetY = 1;
  ctx.beginPath();
  ctx.arc(c, c, 11.5, 0, Math.PI * 2);
  ctx.fillStyle = "#ffffff";
  ctx.fill();
  ctx.shadowColor = "transparent";
  ctx.beginPath();
  ctx.arc(c, c, 9.8, 0, Math.PI * 2);
  ctx.fillStyle = MOTION_COLORS[parsed.motion];
  ctx.fill();
  ctx.save();
  const scale = 12 / 24;
  ctx.translate(c - 6, c - 6);
  ctx.scale(scale, scale);
  ctx.strokeStyle = "#ffffff";
  ctx.lineWidth = 2.2;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  for (const path of glyphPaths(parsed.glyph)) ctx.stroke(path);
  ctx.restore();
  if (parsed.marker !== "none") drawMarker(ctx, parsed.marker, c + 9, c + 9);
  return imageOf(ctx);
}

/** A pointer just outside the badge; the layer rotates it by the course, the badge itself stays upright. */
function drawHeading(color: string): ImageData | null {
  const ctx = canvas(BADGE);
  if (!ctx) return null;
  const c = BADGE / 2;
  ctx.beginPath();
  ctx.moveTo(c, 0.5);
  ctx.lineTo(c + 5.5, 7.5);
  ctx.lineTo(c - 5.5, 7.5);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.strokeStyle = "#ffffff";
  ctx.lineWidth = 1.5;
  ctx.fill();
  ctx.stroke();
  return imageOf(ctx);
}

export const EVENT_COLORS: Record<string, string> = {
  harshBraking: "#e03131",
  harshAcceleration: "#f76707",
  sharpTurn: "#7048e8",
  overspeed: "#c2255c",
};

/** A diamond (a square on its corner) of half-diagonal `r` in the middle of the 22-pixel route marker. */
function fillDiamond(ctx: CanvasRenderingContext2D, r: number, color: string): void {
  ctx.beginPath();
  ctx.moveTo(11, 11 - r);
  ctx.lineTo(11 + r, 11);
  ctx.lineTo(11, 11 + r);
  ctx.lineTo(11 - r, 11);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
}

/** Route markers: stops (blue "P"), driving events (diamond by kind), route start and end. */
function drawRouteMarker(kind: string): ImageData | null {
  const ctx = canvas(22);
  if (!ctx) return null;
  ctx.shadowColor = "rgba(0,0,0,0.3)";
  ctx.shadowBlur = 2;
  if (kind === "stop" || kind === "start" || kind === "end") {
    ctx.beginPath();
    ctx.arc(11, 11, 8.5, 0, Math.PI * 2);
    ctx.fillStyle = "#ffffff";
    ctx.fill();
    ctx.shadowColor = "transparent";
    ctx.beginPath();
    ctx.arc(11, 11, 7, 0, Math.PI * 2);
    ctx.fillStyle = kind === "stop" ? "#1c7ed6" : kind === "start" ? "#2f9e44" : "#e03131";
    ctx.fill();
    ctx.fillStyle = "#ffffff";
    ctx.font = "bold 9px sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(kind === "stop" ? "P" : kind === "start" ? "A" : "B", 11, 11.5);
    return imageOf(ctx);
  }
  fillDiamond(ctx, 9, "#ffffff");
  ctx.shadowColor = "transparent";
  fillDiamond(ctx, 6.5, EVENT_COLORS[kind] ?? "#495057");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(10.2, 7.5, 1.6, 4.2);
  ctx.fillRect(10.2, 12.8, 1.6, 1.6);
  return imageOf(ctx);
}

/** Draws the map image for an id the map asked for, or null for ids that are not ours. */
export function createMapImage(id: string): ImageData | null {
  if (id.startsWith("b|")) return drawBadge(id);
  if (id === "heading|moving") return drawHeading(MOTION_COLORS.moving);
  if (id.startsWith("route|")) return drawRouteMarker(id.slice(6));
  return null;
}

export const ROUTE_EVENT_ICON = (kind: string): string => `route|${kind in EVENT_COLORS ? kind : "other"}`;
