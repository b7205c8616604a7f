import { Button, Group, Image, Stack, Text } from "@mantine/core";
import type { FormField } from "@vigia/domain";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../kit/forms/errors.ts";
import type { KeptPhoto } from "./form-storage.ts";

/** Longest side of a camera photo made smaller to fit a field's size cap. */
const SHRUNK_SIDE = 1600;

/**
 * A photo as the phone keeps it: as taken when it fits the field's cap, otherwise redrawn smaller as JPEG (a
 * phone camera's photo is often larger than the cap). When the browser cannot redraw it, it is kept as taken and
 * the field's check says it is too large.
 */
async function keptPhoto(file: File, maxBytes: number): Promise<KeptPhoto> {
  const original = { name: file.name || "photo.jpg", type: file.type, data: await file.arrayBuffer() };
  if (file.size <= maxBytes || typeof createImageBitmap !== "function") return original;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, SHRUNK_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
    if (!blob) return original;
    return {
      name: `${original.name.replace(/\.\w+$/, "")}.jpg`,
      type: "image/jpeg",
      data: await blob.arrayBuffer(),
    };
  } catch {
    return original;
  }
}

/** An attachment field on the phone: a photo from the camera, kept on the phone until the form is sent. */
export function PhotoInput({
  field,
  photo,
  maxBytes,
  error,
  onChange,
}: {
  field: FormField;
  photo: KeptPhoto | null;
  maxBytes: number;
  error?: string;
  onChange(photo: KeptPhoto | null): void;
}) {
  const { t } = useTranslation();
  const preview = useMemo(
    () => (photo ? URL.createObjectURL(new Blob([photo.data], { type: photo.type })) : null),
    [photo],
  );
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  return (
    <Stack gap={4} data-testid={`form-field-${field.key}`}>
      <Text size="sm" fw={500}>
        {field.label}
        {field.required ? " *" : ""}
      </Text>
      {field.help ? (
        <Text size="xs" c="dimmed">
          {field.help}
        </Text>
      ) : null}
      {preview && photo ? (
        <>
          <Image src={preview} alt={photo.name} mah={180} w="auto" fit="contain" radius="sm" />
          <Text size="xs" c="dimmed">
            {photo.name} · {Math.max(1, Math.round(photo.data.byteLength / 1024))} KB
          </Text>
        </>
      ) : null}
      <Group gap="xs">
        <Button component="label" size="xs" variant="light">
          {photo ? t("appForms.retakePhoto") : t("appForms.takePhoto")}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            data-testid={`photo-input-${field.key}`}
            onChange={async (e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = "";
              if (file) onChange(await keptPhoto(file, maxBytes));
            }}
          />
        </Button>
        {photo ? (
          <Button size="xs" variant="subtle" color="gray" onClick={() => onChange(null)}>
            {t("appForms.removePhoto")}
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Text size="xs" c="red">
          {errorText(t, error)}
        </Text>
      ) : null}
    </Stack>
  );
}
