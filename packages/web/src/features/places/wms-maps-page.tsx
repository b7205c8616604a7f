import { Alert, Button, Checkbox, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { placesApi, type WmsLayer, wmsLayerInputSchema } from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type DataColumn, DataTable, type RowAction } from "../../kit/table/index.ts";
import { ApiError } from "../../platform/api/client.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany } from "../../platform/company/index.ts";
import { FieldErrors, issuesOf, PlacesFrame, usePlacesWritable } from "./common.tsx";
import { usePlacesCache, usePlacesData } from "./data.ts";
import { useEnabledWms, writeEnabledWms } from "./map-layers.ts";
import { PlacesMap } from "./places-map.tsx";

/** /wmsmaps: WMS layers of the company (url, layer name, title), toggled on the maps; failures are reported. */
export function WmsMapsPage() {
  const { t } = useTranslation();
  const { companyId } = useCompany();
  const { layers } = usePlacesData();
  const cache = usePlacesCache();
  const writable = usePlacesWritable();
  const enabled = useEnabledWms(companyId);
  const rows = useMemo(() => Object.values(layers), [layers]);
  const [form, setForm] = useState({ url: "", name: "", title: "" });
  const [adding, setAdding] = useState(false);
  const [notInserted, setNotInserted] = useState<{ title: string; reason: string }[]>([]);
  const parsed = wmsLayerInputSchema.safeParse(form);
  const touched = form.url !== "" || form.name !== "" || form.title !== "";

  const isOn = (id: number) => enabled === null || enabled.has(id);
  const toggle = (id: number, on: boolean) => {
    if (companyId === null) return;
    const current = new Set(enabled ?? rows.map((l) => l.id));
    if (on) current.add(id);
    else current.delete(id);
    writeEnabledWms(companyId, current);
  };
  const add = async () => {
    if (!parsed.success) return;
    setAdding(true);
    try {
      const layer = await api.call(
        placesApi.createLayer,
        { params: { companyId: companyId ?? 0 }, body: parsed.data },
        { quiet: true },
      );
      cache.put("layers", [layer]);
      setForm({ url: "", name: "", title: "" });
      setNotInserted([]);
    } catch (e) {
      const reason = e instanceof ApiError ? e.description : String(e);
      setNotInserted((list) => [...list, { title: parsed.data.title, reason }]);
    } finally {
      setAdding(false);
    }
  };
  const remove = async (l: WmsLayer) => {
    await api.call(placesApi.removeLayer, { params: { companyId: companyId ?? 0, id: l.id } });
    cache.remove("layers", [l.id]);
  };

  const columns: DataColumn<WmsLayer>[] = [
    {
      key: "on",
      header: t("places.wms.show"),
      value: (l) => isOn(l.id),
      render: (l) => (
        <Checkbox
          checked={isOn(l.id)}
          onChange={(e) => toggle(l.id, e.currentTarget.checked)}
          aria-label={t("places.wms.show")}
          data-testid={`wms-toggle-${l.id}`}
        />
      ),
      exportable: false,
      searchable: false,
      width: 60,
    },
    { key: "title", header: t("places.wms.title"), value: (l) => l.title, sortable: true },
    { key: "name", header: t("places.wms.name"), value: (l) => l.name, sortable: true },
    { key: "url", header: t("places.wms.url"), value: (l) => l.url },
  ];
  const actions: RowAction<WmsLayer>[] = writable
    ? [
        {
          key: "delete",
          label: t("places.delete"),
          icon: <IconTrash size={16} />,
          color: "red",
          confirm: (l) => t("mgmt.deleteText", { name: l.name }),
          onClick: (l) => remove(l),
        },
      ]
    : [];

  const side = (
    <Stack gap="md">
      <DataTable
        name="wmsmaps"
        title={t("places.wmsLayers")}
        rows={rows}
        rowKey={(l) => l.id}
        columns={columns}
        actions={actions}
        readOnly={!writable}
        height={260}
      />
      {writable && (
        <Stack gap="xs" data-testid="wms-form">
          <Title order={5}>{t("places.wms.add")}</Title>
          <TextInput
            label={t("places.wms.url")}
            placeholder="https://example.org/wms"
            value={form.url}
            onChange={(e) => setForm({ ...form, url: e.currentTarget.value })}
          />
          <TextInput
            label={t("places.wms.name")}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
          />
          <TextInput
            label={t("places.wms.title")}
            value={form.title}
            onChange={(e) => setForm({ ...form, title: e.currentTarget.value })}
          />
          {touched && !parsed.success && <FieldErrors errors={issuesOf(parsed.error)} />}
          <Group justify="flex-end">
            <Button
              leftSection={<IconPlus size={14} />}
              onClick={() => void add()}
              disabled={!parsed.success}
              loading={adding}
            >
              {t("places.wms.add")}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t("places.wms.checkHint")}
          </Text>
        </Stack>
      )}
      {notInserted.length > 0 && (
        <Alert
          color="red"
          title={t("places.wms.notInserted")}
          withCloseButton
          onClose={() => setNotInserted([])}
          data-testid="wms-not-inserted"
        >
          {notInserted.map((n) => (
            <Text key={`${n.title}:${n.reason}`} size="sm">
              {n.title}: {t(`places.error.${n.reason}`, { defaultValue: n.reason })}
            </Text>
          ))}
        </Alert>
      )}
    </Stack>
  );
  return (
    <PlacesFrame
      side={side}
      map={<PlacesMap shape={null} onShape={() => undefined} mode="none" onMode={() => undefined} />}
    />
  );
}
