import { Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconPhotoUp, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { failureText } from "../../platform/api/error-text.ts";
import { useSubmit } from "./use-submit.ts";

/**
 * An image of a saved record, uploaded (and removed) on its own so the form's other fields keep their own
 * save. The size is checked here first to spare a useless upload; each call answers the record as it now is,
 * which `onChange` receives. A refusal shows in place of the hint.
 */
export function ImageField<T>({
  label,
  preview,
  accept,
  maxBytes,
  tooLarge,
  hint,
  uploadLabel,
  upload,
  remove,
  onChange,
  testIds,
}: {
  label: string;
  /** The stored image, or what stands for it. */
  preview: ReactNode;
  /** The file kind's MIME types and size limit. */
  accept: readonly string[];
  maxBytes: number;
  tooLarge: string;
  hint: string;
  uploadLabel: string;
  upload(file: File): Promise<T>;
  /** Offered while there is an image to remove. */
  remove?: { label: string; call(): Promise<T> };
  onChange(next: T): void;
  testIds: { upload: string; remove?: string; hint?: string };
}) {
  const { t } = useTranslation();
  const { busy, error, setError, run: send } = useSubmit((e) => failureText(e, t));
  const run = (work: () => Promise<T>) => send(async () => onChange(await work()));
  const choose = (file: File | null) => {
    if (!file) return;
    if (file.size > maxBytes) {
      setError(tooLarge);
      return;
    }
    void run(() => upload(file));
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="md">
        {preview}
        <FileButton onChange={choose} accept={accept.join(",")}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              loading={busy}
              leftSection={<IconPhotoUp size={16} />}
              data-testid={testIds.upload}
            >
              {uploadLabel}
            </Button>
          )}
        </FileButton>
        {remove ? (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            disabled={busy}
            leftSection={<IconTrash size={16} />}
            onClick={() => void run(remove.call)}
            data-testid={testIds.remove}
          >
            {remove.label}
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c={error ? "red" : "dimmed"} data-testid={testIds.hint}>
        {error ?? hint}
      </Text>
    </Stack>
  );
}
