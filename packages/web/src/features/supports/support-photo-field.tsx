import { Avatar, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconPhotoUp, IconTrash } from "@tabler/icons-react";
import { FILE_KINDS, type SupportAdmin, supportsApi } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../platform/api/client.ts";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";

/**
 * The photo of a saved support contact: uploaded on its own (the file storage takes the raw image, at most
 * 2 MB, checked here first to spare a useless upload) and removed on its own, so the form's other fields
 * keep their own save.
 */
export function SupportPhotoField({
  resellerId,
  contact,
  onChange,
}: {
  resellerId: number;
  contact: SupportAdmin;
  onChange(next: SupportAdmin): void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const params = { resellerId, supportId: contact.id };

  const run = async (work: () => Promise<SupportAdmin>) => {
    setBusy(true);
    setError(null);
    try {
      onChange(await work());
    } catch (e) {
      setError(e instanceof ApiError ? apiErrorText(e, t) : t("errors.tryAgain"));
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File | null) => {
    if (!file) return;
    if (file.size > FILE_KINDS.photo.maxBytes) {
      setError(t("supportPhoto.tooLarge"));
      return;
    }
    void run(() =>
      api.upload(supportsApi.uploadPhoto, { params, query: { name: file.name } }, file, { quiet: true }),
    );
  };

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t("supportPhoto.label")}
      </Text>
      <Group gap="md">
        <Avatar src={contact.photoUrl || null} size={64} radius={64} name={contact.name} color="initials" />
        <FileButton onChange={upload} accept={FILE_KINDS.photo.mimes.join(",")}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              loading={busy}
              leftSection={<IconPhotoUp size={16} />}
              data-testid="support-photo-upload"
            >
              {t(contact.photoUrl ? "supportPhoto.replace" : "supportPhoto.upload")}
            </Button>
          )}
        </FileButton>
        {contact.photoUrl ? (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            disabled={busy}
            leftSection={<IconTrash size={16} />}
            onClick={() => void run(() => api.call(supportsApi.removePhoto, { params }, { quiet: true }))}
            data-testid="support-photo-remove"
          >
            {t("supportPhoto.remove")}
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c={error ? "red" : "dimmed"} data-testid="support-photo-hint">
        {error ?? t("supportPhoto.hint")}
      </Text>
    </Stack>
  );
}
