import { Button, Group, Stack } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

const WIDTH = 360;
const HEIGHT = 140;

/** A pad to sign on with mouse, pen or finger; hands back the drawing as a PNG data URL (null when cleared). */
export function SignaturePad({
  value,
  onChange,
}: {
  value: string | null;
  onChange(png: string | null): void;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  useEffect(() => {
    const c = canvas.current?.getContext("2d");
    if (!c) return;
    c.lineWidth = 2;
    c.lineCap = "round";
    c.strokeStyle = "#1a1b1e";
    if (value === null) c.clearRect(0, 0, WIDTH, HEIGHT);
  }, [value]);
  // A signature kept from before (a draft opened again) is drawn once, when the pad appears.
  const initial = useRef(value);
  useEffect(() => {
    const c = canvas.current?.getContext("2d");
    if (!c || initial.current === null) return;
    const image = new Image();
    image.onload = () => c.drawImage(image, 0, 0, WIDTH, HEIGHT);
    image.src = initial.current;
  }, []);
  const at = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return {
      x: ((e.clientX - box.left) * WIDTH) / box.width,
      y: ((e.clientY - box.top) * HEIGHT) / box.height,
    };
  };
  return (
    <Stack gap={4}>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        data-testid="signature-pad"
        style={{
          width: "100%",
          maxWidth: WIDTH,
          border: "1px solid var(--mantine-color-gray-4)",
          borderRadius: 4,
          touchAction: "none",
          background: "white",
        }}
        onPointerDown={(e) => {
          const c = e.currentTarget.getContext("2d");
          if (!c) return;
          drawing.current = true;
          const p = at(e);
          c.beginPath();
          c.moveTo(p.x, p.y);
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const c = e.currentTarget.getContext("2d");
          const p = at(e);
          c?.lineTo(p.x, p.y);
          c?.stroke();
        }}
        onPointerUp={(e) => {
          drawing.current = false;
          onChange(e.currentTarget.toDataURL("image/png"));
        }}
      />
      <Group>
        <Button size="compact-xs" variant="subtle" onClick={() => onChange(null)}>
          {t("forms.clearSignature")}
        </Button>
      </Group>
    </Stack>
  );
}
