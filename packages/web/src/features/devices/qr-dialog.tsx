import { Button, Group, Image, Modal, Slider, Stack, Text } from "@mantine/core";
import { QR_SIZE } from "@vigia/domain";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DeviceQr } from "./device-key.ts";

const STORAGE_KEY = "vigia.qrSize";

function storedSize(): number {
  const value = Number(localStorage.getItem(STORAGE_KEY));
  return Number.isInteger(value) && value >= QR_SIZE.min && value <= QR_SIZE.max ? value : QR_SIZE.default;
}

/**
 * QR download: size slider 50-500 px (step 1, default 300, remembered), margin 2, black on white. A phone device's
 * code is the worker app's pairing link: captioned with the device's identifier and what to do with it.
 */
export function QrDialog({ qr, onClose }: { qr: DeviceQr | null; onClose(): void }) {
  const { t } = useTranslation();
  const value = qr?.value ?? null;
  const [size, setSize] = useState(storedSize);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (value === null) return;
    localStorage.setItem(STORAGE_KEY, String(size));
    void QRCode.toDataURL(value, {
      width: size,
      margin: QR_SIZE.margin,
      color: { dark: "#000000", light: "#ffffff" },
    }).then(setUrl);
  }, [value, size]);
  return (
    <Modal opened={value !== null} onClose={onClose} title={t("devices.qr")} centered>
      <Stack align="center">
        <Text size="sm" ff="monospace" data-testid="qr-caption">
          {qr?.caption}
        </Text>
        {qr?.pairsApp ? (
          <Text size="sm" c="dimmed" ta="center">
            {t("devices.qrAppHint")}
          </Text>
        ) : null}
        {url ? (
          <Image
            src={url}
            w={Math.min(size, 300)}
            h={Math.min(size, 300)}
            alt={qr?.caption ?? ""}
            data-testid="qr-image"
            data-value={value ?? ""}
          />
        ) : null}
        <Slider
          w="100%"
          min={QR_SIZE.min}
          max={QR_SIZE.max}
          step={QR_SIZE.step}
          value={size}
          onChange={setSize}
          label={(v) => `${v} px`}
        />
        <Group>
          <Button
            component="a"
            href={url ?? undefined}
            download={`qr_${qr?.caption ?? ""}.png`}
            disabled={!url}
            data-testid="qr-download"
          >
            {t("devices.qrDownload", { size })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
