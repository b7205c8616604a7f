import { Avatar } from "@mantine/core";
import { FILE_KINDS, type SupportAdmin, supportsApi } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { ImageField } from "../../kit/forms/image-field.tsx";
import { api } from "../../platform/api/instance.ts";

/** The photo of a saved support contact (the file storage takes the raw image, at most 2 MB). */
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
  const params = { resellerId, supportId: contact.id };
  return (
    <ImageField
      label={t("supportPhoto.label")}
      preview={
        <Avatar src={contact.photoUrl || null} size={64} radius={64} name={contact.name} color="initials" />
      }
      accept={FILE_KINDS.photo.mimes}
      maxBytes={FILE_KINDS.photo.maxBytes}
      tooLarge={t("supportPhoto.tooLarge")}
      hint={t("supportPhoto.hint")}
      uploadLabel={t(contact.photoUrl ? "supportPhoto.replace" : "supportPhoto.upload")}
      upload={(file) =>
        api.upload(supportsApi.uploadPhoto, { params, query: { name: file.name } }, file, { quiet: true })
      }
      remove={
        contact.photoUrl
          ? {
              label: t("supportPhoto.remove"),
              call: () => api.call(supportsApi.removePhoto, { params }, { quiet: true }),
            }
          : undefined
      }
      onChange={onChange}
      testIds={{
        upload: "support-photo-upload",
        remove: "support-photo-remove",
        hint: "support-photo-hint",
      }}
    />
  );
}
