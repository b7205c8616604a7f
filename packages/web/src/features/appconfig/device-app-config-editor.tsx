import { Alert, Badge, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type AppConfig, type AppConfigDevice, appConfigApi, type CompanyAppConfig } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { send } from "../../kit/forms/send.ts";
import { api } from "../../platform/api/instance.ts";
import { AppConfigFields } from "./app-config-fields.tsx";
import { appConfigErrors, type OverrideEdit, overrideEdit, overrideOf } from "./app-config-form.ts";
import { useCompanyAppConfig } from "./app-config-query.ts";

interface Props {
  companyId: number;
  /** The device's database id. */
  deviceId: number;
  /** Called after a successful save (the /appconfig dialog closes then). */
  onSaved?(): void;
}

/**
 * One app device's worker app configuration: every setting shows the company's value unless ticked as
 * the device's own, saved on its own; the device fetches it on its next contact. The device form of app-type
 * trackers and the /appconfig device list both edit with this.
 */
export function DeviceAppConfigEditor({ companyId, deviceId, onSaved }: Props) {
  const { t } = useTranslation();
  const { query, store } = useCompanyAppConfig(companyId);
  const device = query.data?.devices.find((d) => d.id === deviceId);
  if (query.isPending) return <Loader size="sm" />;
  if (query.isError || !query.data || !device)
    return (
      <Text size="sm" c="dimmed" data-testid="device-appconfig-unavailable">
        {t("appconfig.unavailable")}
      </Text>
    );
  return (
    <OverrideEditor
      key={`${device.id}:${query.data.updatedTs ?? 0}`}
      companyId={companyId}
      company={query.data.config}
      device={device}
      onSaved={(next) => {
        store(next);
        notifications.show({ color: "teal", message: t("appconfig.saved") });
        onSaved?.();
      }}
    />
  );
}

function OverrideEditor({
  companyId,
  company,
  device,
  onSaved,
}: {
  companyId: number;
  company: AppConfig;
  device: AppConfigDevice;
  onSaved(next: CompanyAppConfig): void;
}) {
  const { t } = useTranslation();
  const [edit, setEdit] = useState<OverrideEdit>(() => overrideEdit(company, device.override));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = appConfigErrors(edit.value);
  const save = async () => {
    setSaving(true);
    const result = await send(() =>
      api.call(
        appConfigApi.putDevice,
        { params: { companyId, id: device.id }, body: overrideOf(edit) },
        { quiet: true },
      ),
    );
    setSaving(false);
    if (!result.ok) {
      setError(t("appconfig.saveFailed"));
      return;
    }
    setError(null);
    onSaved(result.value);
  };
  return (
    <Stack gap="xs" data-testid="device-appconfig">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {t("appconfig.deviceIntro")}
        </Text>
        <Badge
          color={device.state === "updated" ? "teal" : "orange"}
          variant="light"
          data-testid="device-appconfig-state"
        >
          {t(`appconfig.stateName.${device.state}`)}
        </Badge>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      <AppConfigFields
        value={edit.value}
        onChange={(value) => setEdit((e) => ({ ...e, value }))}
        errors={errors}
        own={edit.own}
        onOwnChange={(key, own) =>
          setEdit((e) => {
            const next = new Set(e.own);
            if (own) next.add(key);
            else next.delete(key);
            // Unticked, the setting follows the company again.
            return { own: next, value: own ? e.value : { ...e.value, [key]: company[key] } };
          })
        }
      />
      <Group justify="flex-end">
        <Button
          variant="light"
          onClick={() => void save()}
          loading={saving}
          disabled={Object.keys(errors).length > 0}
          data-testid="device-appconfig-save"
        >
          {t("appconfig.saveDevice")}
        </Button>
      </Group>
    </Stack>
  );
}
