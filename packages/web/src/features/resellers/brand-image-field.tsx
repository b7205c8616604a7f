import { Group, Image, Text } from "@mantine/core";
import { type Brand, type BrandImage, brandsApi, FILE_KINDS } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { ImageField } from "../../kit/forms/image-field.tsx";
import { api } from "../../platform/api/instance.ts";

/**
 * A saved brand's logo or favicon (the server sniffs the type and sanitises SVG), shown as a preview once
 * stored.
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
  const url = image === "logo" ? brand.logoUrl : brand.faviconUrl;
  const params = { resellerId, brandId: brand.id, image };
  return (
    <ImageField
      label={t(`branding.${image}`)}
      preview={
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
      }
      accept={FILE_KINDS.brandImage.mimes}
      maxBytes={FILE_KINDS.brandImage.maxBytes}
      tooLarge={t("branding.imageTooLarge")}
      hint={t("branding.imageHint")}
      uploadLabel={t(url ? "branding.replaceImage" : "branding.uploadImage")}
      upload={(file) =>
        api.upload(brandsApi.uploadImage, { params, query: { name: file.name } }, file, { quiet: true })
      }
      onChange={onChange}
      testIds={{ upload: `brand-${image}-upload` }}
    />
  );
}
