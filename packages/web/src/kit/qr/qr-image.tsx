import { Image, Skeleton } from "@mantine/core";
import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** A QR code of `value`, drawn in the browser (the value, a secret, never leaves it for an image service). */
export function QrImage({
  value,
  size = 180,
  alt,
  testId = "otp-qr",
}: {
  value: string;
  size?: number;
  alt: string;
  testId?: string;
}) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { width: size, margin: 1 })
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => setSrc(null));
    return () => {
      live = false;
    };
  }, [value, size]);
  if (!src) return <Skeleton w={size} h={size} />;
  return <Image src={src} w={size} h={size} alt={alt} data-testid={testId} />;
}
