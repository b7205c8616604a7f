import { Alert, Badge, Button, Code, Group, Modal, Paper, Table, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPencil } from "@tabler/icons-react";
import {
  APP_CONFIG_KEYS,
  type AppConfig,
  type AppConfigDevice,
  type AppConfigOverride,
  appConfigApi,
} from "@vigia/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import { send } from "../../kit/forms/send.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany } from "../../platform/company/index.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { AppConfigFields } from "./app-config-fields.tsx";
import { appConfigErrors } from "./app-config-form.ts";
import { useCompanyAppConfig } from "./app-config-query.ts";
import { DeviceAppConfigEditor } from "./device-app-config-editor.tsx";

/**
 * /appconfig: the worker app's configuration. The company's defaults, then its app devices with
 * the settings each one overrides and whether it has fetched its configuration since it last changed. The spec
 * puts a device's own settings on its device page (the device form edits them with the same editor); this page
 * is where company administrators, who do not open /devices, set the defaults and reach each device.
 */
export function AppConfigPage() {
  const { t } = useTranslation();
  const { companyId } = useCompany();
  const { query: saved, store: stored } = useCompanyAppConfig(companyId);
  const [value, setValue] = useState<AppConfig | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<AppConfigDevice | null>(null);

  useEffect(() => {
    if (saved.data) setValue(saved.data.config);
  }, [saved.data]);

  const errors = value ? appConfigErrors(value) : {};
  const valid = value !== null && Object.keys(errors).length === 0;

  const save = async () => {
    if (companyId === null || value === null) return;
    setSaving(true);
    const result = await send(() =>
      api.call(appConfigApi.put, { params: { companyId }, body: value }, { quiet: true }),
    );
    setSaving(false);
    if (!result.ok) {
      setError(t("appconfig.saveFailed"));
      return;
    }
    setError(null);
    stored(result.value);
    notifications.show({ color: "teal", message: t("appconfig.saved") });
  };

  return (
    <Paper p="md" data-testid="appconfig-page">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={3}>{t("routes.appconfig")}</Title>
        <Button onClick={() => void save()} loading={saving} disabled={!valid} data-testid="appconfig-save">
          {t("common.save")}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t("appconfig.intro")} <Code>GET /fr/v1/device/appconfig</Code>
      </Text>
      {error && (
        <Alert color="red" mb="sm">
          {error}
        </Alert>
      )}
      {value && <AppConfigFields value={value} onChange={setValue} errors={errors} />}
      <Title order={4} mt="lg" mb="xs">
        {t("appconfig.devices")}
      </Title>
      {saved.data && saved.data.devices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("appconfig.noDevices")}
        </Text>
      ) : (
        <DeviceTable devices={saved.data?.devices ?? []} onEdit={setEditing} />
      )}
      {editing && companyId !== null && (
        <Modal
          opened
          size="xl"
          title={t("appconfig.deviceTitle", { device: editing.deviceId })}
          onClose={() => setEditing(null)}
        >
          <DeviceAppConfigEditor
            companyId={companyId}
            deviceId={editing.id}
            onSaved={() => setEditing(null)}
          />
        </Modal>
      )}
    </Paper>
  );
}

function DeviceTable({
  devices,
  onEdit,
}: {
  devices: AppConfigDevice[];
  onEdit(device: AppConfigDevice): void;
}) {
  const { t } = useTranslation();
  const { timezone } = useTimezone();
  const ownList = (override: AppConfigOverride) =>
    APP_CONFIG_KEYS.filter((k) => override[k] !== undefined)
      .map((k) => t(`appconfig.field.${k}`))
      .join(", ");
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing={4} fz="sm" data-testid="appconfig-devices">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("appconfig.device")}</Table.Th>
            <Table.Th>{t("appconfig.item")}</Table.Th>
            <Table.Th>{t("appconfig.ownSettings")}</Table.Th>
            <Table.Th>{t("appconfig.state")}</Table.Th>
            <Table.Th>{t("appconfig.fetched")}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((d) => (
            <Table.Tr key={d.id} data-device={d.deviceId}>
              <Table.Td>{d.name ? `${d.name} (${d.deviceId})` : d.deviceId}</Table.Td>
              <Table.Td>{d.itemName ?? "—"}</Table.Td>
              <Table.Td>{ownList(d.override) || t("appconfig.followsCompany")}</Table.Td>
              <Table.Td>
                <Badge color={d.state === "updated" ? "teal" : "orange"} variant="light">
                  {t(`appconfig.stateName.${d.state}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{d.fetchedTs === null ? "—" : formatDateTime(d.fetchedTs, timezone)}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconPencil size={14} />}
                  onClick={() => onEdit(d)}
                  data-testid="appconfig-edit-device"
                >
                  {t("appconfig.editDevice")}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
