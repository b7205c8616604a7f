import { Select, TextInput } from "@mantine/core";
import { CAMERA_TYPES, type Camera, cameraInputSchema, camerasApi } from "@vigia/domain";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../kit/forms/errors.ts";
import { FormModal } from "../../kit/forms/form-modal.tsx";
import { send } from "../../kit/forms/send.ts";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import { api } from "../../platform/api/instance.ts";

/** Adds a camera to the vehicle, or changes one (`camera`); `onSaved` refreshes the panel's list. */
export function CameraFormModal({
  opened,
  companyId,
  vehicleId,
  camera,
  onClose,
  onSaved,
}: {
  opened: boolean;
  companyId: number;
  vehicleId: number;
  camera: Camera | null;
  onClose(): void;
  onSaved(): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(cameraInputSchema, {});
  const { setValues } = form;
  useEffect(() => {
    if (!opened) return;
    setValues(
      camera
        ? { ...camera, vehicleId }
        : { name: "", type: "dashcam", vehicleId, streamUrl: "", snapshotUrl: "" },
    );
  }, [opened, camera, vehicleId, setValues]);

  const save = async () => {
    if (!form.output) return false;
    const body = form.output;
    const result = await send(() =>
      camera
        ? api.call(camerasApi.update, { params: { companyId, id: camera.id }, body }, { quiet: true })
        : api.call(camerasApi.create, { params: { companyId }, body }, { quiet: true }),
    );
    if (!result.ok) {
      form.setServerErrors(result.fields);
      return false;
    }
    await onSaved();
    return true;
  };
  const url = (name: "streamUrl" | "snapshotUrl") => (
    <TextInput
      label={t(`cameras.${name}`)}
      description={t(`cameras.${name}Help`)}
      placeholder="https://"
      value={String(form.values[name] ?? "")}
      onChange={(e) => form.set(name, e.currentTarget.value)}
      error={errorText(t, form.errorOf(name))}
      data-testid={`camera-${name}`}
    />
  );

  return (
    <FormModal
      opened={opened}
      title={camera ? camera.name : t("cameras.add")}
      onClose={onClose}
      onSave={save}
      valid={form.valid}
    >
      <TextInput
        label={t("cameras.name")}
        withAsterisk
        value={String(form.values.name ?? "")}
        onChange={(e) => form.set("name", e.currentTarget.value)}
        error={errorText(t, form.errorOf("name"))}
        data-testid="camera-name"
      />
      <Select
        label={t("cameras.type")}
        data={CAMERA_TYPES.map((type) => ({ value: type, label: t(`cameras.types.${type}`) }))}
        value={String(form.values.type ?? "dashcam")}
        onChange={(v) => {
          const type = CAMERA_TYPES.find((c) => c === v);
          if (type) form.set("type", type);
        }}
        allowDeselect={false}
      />
      {url("streamUrl")}
      {url("snapshotUrl")}
    </FormModal>
  );
}
