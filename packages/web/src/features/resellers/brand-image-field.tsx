import { Button, FileButton, Group, Image, Stack, Text } from "@mantine/core";
import { IconPhotoUp } from "@tabler/icons-react";
import { type Brand, type BrandImage, brandsApi, FILE_KINDS } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../platform/api/client.ts";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";

/**
 * A saved brand's logo or favicon: uploaded on its own (the server sniffs the type and sanitises SVG; the
 * size is checked here first to spare a useless upload), shown as a preview once stored.
 */
export function BrandImageField({
  resellerId,
  brand,
  image,
  onChange,
}: {
  resellerId: number;
  brand: Brand;
  image: BrandImage;
  onChange(next: Brand): void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const url = image === "logo" ? brand.logoUrl : brand.faviconUrl;

  const upload = async (file: File | null) => {
    if (!file) return;
    if (file.size > FILE_KINDS.brandImage.maxBytes) {
      setError(t("branding.imageTooLarge"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const params = { resellerId, brandId: brand.id, image };
      onChange(
        await api.upload(brandsApi.uploadImage, { params, query: { name: file.name } }, file, {
          quiet: true,
        }),
      );
    } catch (e) {
      setError(e instanceof ApiError ? apiErrorText(e, t) : t("errors.tryAgain"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t(`branding.${image}`)}
      </Text>
      <Group gap="md">
        <Group
          w={image === "logo" ? 140 : 48}
          h={48}
          justify="center"
          style={{ border: "1px dashed var(--mantine-color-gray-4)", borderRadius: 6 }}
        >
          {url ? (
            <Image
              src={url}
              mah={40}
              maw={image === "logo" ? 130 : 32}
              w="auto"
              alt=""
              data-testid={`brand-${image}-preview`}
            />
          ) : (
            <Text size="xs" c="dimmed">
              {t("branding.noImage")}
            </Text>
          )}
        </Group>
        <FileButton onChange={(file) => void upload(file)} accept={FILE_KINDS.brandImage.mimes.join(",")}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              loading={busy}
              leftSection={<IconPhotoUp size={16} />}
              data-testid={`brand-${image}-upload`}
            >
              {t(url ? "branding.replaceImage" : "branding.uploadImage")}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c={error ? "red" : "dimmed"}>
        {error ?? t("branding.imageHint")}
      </Text>
    </Stack>
  );
}
