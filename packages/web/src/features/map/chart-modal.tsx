import { Group, Modal, Text } from "@mantine/core";
import type { TrackPoint } from "@vigia/domain";
import dayjs from "dayjs";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { chartTimeTicks, niceScale } from "./chart-ticks.ts";
import { chartGranularity } from "./route.ts";

interface Props {
  opened: boolean;
  onClose(): void;
  points: TrackPoint[];
  from: number;
  to: number;
  timezone: string;
}

const W = 760;
const H = 300;
const PAD = { left: 48, right: 52, top: 28, bottom: 32 };
const SPEED = "#1c7ed6";
const ALT = "#2f9e44";
/** More points than pixels only costs time; every n-th point keeps the shape. */
const MAX_POINTS = 1500;

/** Speed (km/h) and altitude (m) over time, drawn as SVG; hourly ticks up to 48 h, daily beyond. */
export function ChartModal({ opened, onClose, points, from, to, timezone }: Props) {
  const { t } = useTranslation();
  const chart = useMemo(() => {
    const step = Math.max(1, Math.ceil(points.length / MAX_POINTS));
    const sample = points.filter((_, i) => i % step === 0);
    const start = points[0]?.ts ?? from;
    const end = Math.max(start + 1, points.at(-1)?.ts ?? to);
    const speedScale = niceScale(0, Math.max(...sample.map((p) => p.spd), 10));
    const alts = sample.map((p) => p.alt);
    const altScale = niceScale(Math.min(...alts, 0), Math.max(...alts, 10));
    const maxSpeed = speedScale.max;
    const minAlt = altScale.min;
    const maxAlt = altScale.max;
    const x = (ts: number) => PAD.left + ((ts - start) / (end - start)) * (W - PAD.left - PAD.right);
    const ySpeed = (v: number) => H - PAD.bottom - (v / maxSpeed) * (H - PAD.top - PAD.bottom);
    const yAlt = (v: number) =>
      H - PAD.bottom - ((v - minAlt) / (maxAlt - minAlt || 1)) * (H - PAD.top - PAD.bottom);
    const speedPath = sample
      .map((p, i) => `${i ? "L" : "M"}${x(p.ts).toFixed(1)},${ySpeed(p.spd).toFixed(1)}`)
      .join("");
    const altLine = sample
      .map((p, i) => `${i ? "L" : "M"}${x(p.ts).toFixed(1)},${yAlt(p.alt).toFixed(1)}`)
      .join("");
    const base = H - PAD.bottom;
    const altArea = sample.length
      ? `${altLine}L${x(sample.at(-1)!.ts)},${base}L${x(sample[0]!.ts)},${base}Z`
      : "";
    const granularity = chartGranularity(start, end);
    const zone = (ts: number) => {
      try {
        return dayjs(ts).tz(timezone);
      } catch {
        return dayjs(ts);
      }
    };
    const format = granularity === "day" ? "MM-DD HH:mm" : "HH:mm";
    const ticks = chartTimeTicks(start, end, zone(start).utcOffset()).map((ts) => ({
      x: x(ts),
      label: zone(ts).format(format),
    }));
    return { speedPath, altLine, altArea, ticks, speedScale, altScale, ySpeed, yAlt, granularity };
  }, [points, from, to, timezone]);

  return (
    <Modal opened={opened} onClose={onClose} title={t("map.chart.title")} size={820} centered>
      <Group gap="lg" mb={6}>
        <Legend color={SPEED} label={t("map.chart.speed")} />
        <Legend color={ALT} label={t("map.chart.altitude")} />
        <Text size="xs" c="dimmed" ml="auto" data-testid="map-chart-granularity">
          {t(`map.chart.${chart.granularity}`)}
        </Text>
      </Group>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-label={t("map.chart.title")}
        data-testid="map-chart"
      >
        {chart.speedScale.ticks.map((v) => {
          const y = chart.ySpeed(v);
          return (
            <g key={`s${v}`}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} stroke="#e9ecef" />
              <text x={PAD.left - 6} y={y + 4} fontSize={11} textAnchor="end" fill={SPEED}>
                {v}
              </text>
            </g>
          );
        })}
        {chart.altScale.ticks.map((v) => (
          <text key={`a${v}`} x={W - PAD.right + 6} y={chart.yAlt(v) + 4} fontSize={11} fill={ALT}>
            {v}
          </text>
        ))}
        {chart.ticks.map((tick) => (
          <g key={tick.x}>
            <line x1={tick.x} x2={tick.x} y1={PAD.top} y2={H - PAD.bottom} stroke="#f1f3f5" />
            <text x={tick.x} y={H - PAD.bottom + 16} fontSize={11} textAnchor="middle" fill="#868e96">
              {tick.label}
            </text>
          </g>
        ))}
        <path d={chart.altArea} fill={ALT} fillOpacity={0.12} />
        <path d={chart.altLine} fill="none" stroke={ALT} strokeWidth={1.5} />
        <path d={chart.speedPath} fill="none" stroke={SPEED} strokeWidth={1.6} strokeLinejoin="round" />
        <text x={PAD.left - 6} y={PAD.top - 14} fontSize={10} textAnchor="end" fill={SPEED}>
          km/h
        </text>
        <text x={W - PAD.right + 6} y={PAD.top - 14} fontSize={10} fill={ALT}>
          m
        </text>
      </svg>
    </Modal>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6}>
      <span style={{ width: 14, height: 3, background: color, borderRadius: 2 }} />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
