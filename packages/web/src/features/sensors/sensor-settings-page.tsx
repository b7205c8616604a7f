import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  NumberInput,
  Paper,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type SensorSetting, sensorSettingSchema, sensorsApi } from "@vigia/domain";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { send } from "../../kit/forms/send.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany } from "../../platform/company/index.ts";
import {
  blankSetting,
  changedSettings,
  type SettingRow,
  sensorSettingsKey,
  settingRows,
  useSensorSettings,
} from "./settings.ts";

/** /sensors: the company renames sensors, changes their unit or multiplier, or hides them. */
export function SensorSettingsPage() {
  const { t } = useTranslation();
  const { companyId } = useCompany();
  const queryClient = useQueryClient();
  const saved = useSensorSettings(companyId);
  const [rows, setRows] = useState<SettingRow[]>([]);
  const [search, setSearch] = useState("");
  const [newKey, setNewKey] = useState("");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (saved.data) setRows(settingRows(saved.data.settings));
  }, [saved.data]);

  const label = (row: SettingRow) => (row.def ? t(`sensors.name.${row.def.name}`) : row.key);
  const needle = search.trim().toLowerCase();
  const shown = useMemo(
    () =>
      rows.filter(
        (r) =>
          needle === "" ||
          r.key.toLowerCase().includes(needle) ||
          (r.def ? t(`sensors.name.${r.def.name}`) : "").toLowerCase().includes(needle) ||
          r.edit.name.toLowerCase().includes(needle),
      ),
    [rows, needle, t],
  );

  const change = (key: string, patch: Partial<SensorSetting>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, edit: { ...r.edit, ...patch } } : r)));

  const addKey = () => {
    const key = newKey.trim();
    if (!sensorSettingSchema.shape.key.safeParse(key).success) {
      setError(t("sensors.settings.badKey"));
      return;
    }
    setError(null);
    setNewKey("");
    if (!rows.some((r) => r.key === key))
      setRows((all) => [...all, { key, def: null, edit: blankSetting(key) }]);
    setSearch(key);
  };

  const save = async () => {
    if (companyId === null) return;
    setSaving(true);
    const result = await send(() =>
      api.call(
        sensorsApi.saveSettings,
        { params: { companyId }, body: { settings: changedSettings(rows) } },
        { quiet: true },
      ),
    );
    setSaving(false);
    if (!result.ok) {
      setError(t("sensors.settings.saveFailed"));
      return;
    }
    setError(null);
    queryClient.setQueryData(sensorSettingsKey(companyId), result.value);
    notifications.show({ color: "teal", message: t("sensors.settings.saved") });
  };

  return (
    <Paper p="md" data-testid="sensor-settings">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={3}>{t("routes.sensors")}</Title>
        <Button onClick={() => void save()} loading={saving} disabled={!saved.data} data-testid="sensor-save">
          {t("common.save")}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t("sensors.settings.intro")}
      </Text>
      {error && (
        <Alert color="red" mb="sm" data-testid="sensor-settings-error">
          {error}
        </Alert>
      )}
      <Group mb="sm" gap="xs" wrap="wrap">
        <TextInput
          size="xs"
          leftSection={<IconSearch size={14} />}
          placeholder={t("sensors.settings.search")}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={260}
        />
        <TextInput
          size="xs"
          placeholder={t("sensors.settings.newKey")}
          value={newKey}
          onChange={(e) => setNewKey(e.currentTarget.value)}
          onKeyDown={(e) => e.key === "Enter" && addKey()}
          w={200}
          aria-label={t("sensors.settings.newKey")}
        />
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={addKey}>
          {t("sensors.settings.add")}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("sensors.settings.sensor")}</Table.Th>
              <Table.Th>{t("sensors.settings.name")}</Table.Th>
              <Table.Th>{t("sensors.settings.unit")}</Table.Th>
              <Table.Th>{t("sensors.settings.multiplier")}</Table.Th>
              <Table.Th>{t("sensors.settings.hidden")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.key} data-sensor={row.key}>
                <Table.Td>
                  <Text size="sm">{label(row)}</Text>
                  <Group gap={4}>
                    <Code fz={11}>{row.key}</Code>
                    {row.def?.group === "technical" && (
                      <Text span size="xs" c="dimmed">
                        {t("sensors.settings.technical")}
                      </Text>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    value={row.edit.name}
                    placeholder={label(row)}
                    maxLength={60}
                    onChange={(e) => change(row.key, { name: e.currentTarget.value })}
                    aria-label={`${t("sensors.settings.name")} ${row.key}`}
                  />
                </Table.Td>
                <Table.Td w={110}>
                  <TextInput
                    size="xs"
                    value={row.edit.unit}
                    placeholder={row.def?.unit || "—"}
                    maxLength={12}
                    onChange={(e) => change(row.key, { unit: e.currentTarget.value })}
                    aria-label={`${t("sensors.settings.unit")} ${row.key}`}
                  />
                </Table.Td>
                <Table.Td w={130}>
                  <NumberInput
                    size="xs"
                    value={row.edit.multiplier ?? ""}
                    placeholder={String(Number((row.def?.multiplier ?? 1).toPrecision(6)))}
                    decimalScale={6}
                    hideControls
                    onChange={(v) => change(row.key, { multiplier: typeof v === "number" ? v : null })}
                    aria-label={`${t("sensors.settings.multiplier")} ${row.key}`}
                  />
                </Table.Td>
                <Table.Td w={80}>
                  <Checkbox
                    checked={row.edit.hidden}
                    onChange={(e) => change(row.key, { hidden: e.currentTarget.checked })}
                    aria-label={`${t("sensors.settings.hidden")} ${row.key}`}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
