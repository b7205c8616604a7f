import { Badge, Button, Group, Modal, Select, Stack, Tooltip } from "@mantine/core";
import {
  IconBuildingOff,
  IconBuildingPlus,
  IconDeviceUnknown,
  IconExternalLink,
  IconLinkOff,
  IconQrcode,
  IconTrash,
} from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type DeviceRow, deviceRowButtons, devicesApi, ITEM_TYPE_LETTER, type ItemType } from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { CrudPage } from "../../kit/crud/crud-page.tsx";
import { formatDateTime } from "../../kit/format/date.ts";
import { send } from "../../kit/forms/send.ts";
import { ImportButton } from "../../kit/import/import-button.tsx";
import type { DataColumn, RowAction } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { resellerQueries, useCompany } from "../../platform/company/index.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { useUser } from "../../platform/session/session.ts";
import { devicesQuery, unknownDevicesQuery } from "./api.ts";
import { DeviceForm } from "./device-form.tsx";
import { type DeviceQr, deviceQr } from "./device-key.ts";
import { QrDialog } from "./qr-dialog.tsx";
import { PROTOCOL_DEVICE_TYPE, UnknownDevicesModal } from "./unknown-devices-modal.tsx";

/** How sure the platform is of who sends a device's frames: a key proves it; IMEI alone is only a claim. */
const AUTHENTICATION_COLOR: Record<DeviceRow["authentication"], string> = {
  key: "green",
  none: "orange",
  imei: "gray",
};

/** /devices: the reseller's devices with the row buttons, form, import, QR and bulk delete. */
export function DevicesPage() {
  const { t } = useTranslation();
  const user = useUser();
  const company = useCompany();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { timezone } = useTimezone();
  const rid = user.resellerId ?? 0;
  const params = { resellerId: rid };
  const devices = useQuery(devicesQuery(rid));
  const inputs = useQuery(resellerQueries.trackerInputs(rid));
  const companies = useQuery(resellerQueries.companies(rid));
  const types = useMemo(() => Object.values(inputs.data?.types ?? {}), [inputs.data]);
  const simTypes = useMemo(() => Object.values(inputs.data?.simTypes ?? {}), [inputs.data]);
  const rows = useMemo(() => Object.values(devices.data ?? {}), [devices.data]);
  const [editing, setEditing] = useState<DeviceRow | null | "new">(null);
  const [assigning, setAssigning] = useState<DeviceRow | null>(null);
  const [qr, setQr] = useState<DeviceQr | null>(null);
  // The reseller overview links here with ?unknown=1 to open the unknown devices and quarantine at once.
  const [unknownOpen, setUnknownOpen] = useState(() =>
    new URLSearchParams(window.location.search).has("unknown"),
  );
  /** Identifier and type a new device starts with when registered from the unknown-devices list. */
  const [prefill, setPrefill] = useState<{ deviceId: string; typeId?: number } | undefined>(undefined);
  const reload = () => queryClient.invalidateQueries({ queryKey: devicesQuery(rid).queryKey });

  const columns = useMemo<DataColumn<DeviceRow>[]>(() => {
    const typeName = new Map(types.map((x) => [x.id, x.name]));
    return [
      { key: "deviceId", header: t("devices.imei"), value: (r) => r.deviceId },
      { key: "type", header: t("devices.type"), value: (r) => typeName.get(r.typeId) ?? String(r.typeId) },
      {
        key: "identity",
        header: t("devices.identity"),
        value: (r) =>
          `${t(`devices.authentication.${r.authentication}`)}${r.refusedFrames > 0 ? ` · ${t("devices.refused", { count: r.refusedFrames })}` : ""}`,
        render: (r) => (
          <Group gap={4} wrap="nowrap">
            <Badge size="sm" variant="light" color={AUTHENTICATION_COLOR[r.authentication]}>
              {t(`devices.authentication.${r.authentication}`)}
            </Badge>
            {r.refusedFrames > 0 ? (
              <Tooltip
                label={t("devices.lastRefused", {
                  when: r.lastRefusedTs === null ? "" : formatDateTime(r.lastRefusedTs, timezone),
                  reason: r.lastRefusedReason ?? "",
                })}
              >
                <Badge size="sm" color="red" data-testid="device-refused">
                  {t("devices.refused", { count: r.refusedFrames })}
                </Badge>
              </Tooltip>
            ) : null}
          </Group>
        ),
      },
      { key: "name", header: t("mgmt.name"), value: (r) => r.name },
      { key: "company", header: t("devices.company"), value: (r) => r.companyName ?? "" },
      {
        key: "item",
        header: t("devices.item"),
        value: (r) =>
          r.itemId === null ? "" : `${ITEM_TYPE_LETTER[r.itemType as ItemType]} ${r.itemName ?? ""}`,
        render: (r) =>
          r.itemId === null ? null : (
            <Group gap={4} wrap="nowrap">
              <Badge size="sm" variant="light">
                {ITEM_TYPE_LETTER[r.itemType as ItemType]}
              </Badge>
              {r.itemName}
            </Group>
          ),
      },
      {
        key: "pos",
        header: t("devices.position"),
        value: (r) => (r.itemPos ? `${r.itemPos.lat.toFixed(5)},${r.itemPos.lng.toFixed(5)}` : ""),
      },
      { key: "phone", header: t("devices.phone"), value: (r) => r.sim.phone ?? "" },
      {
        key: "config",
        header: t("devices.config"),
        value: (r) => (r.configActive ? t(`devices.configState.${r.configState}`) : ""),
        render: (r) =>
          r.configActive ? (
            <Badge size="sm" color={r.configState === "awaiting" ? "yellow" : "green"}>
              {t(`devices.configState.${r.configState}`)}
            </Badge>
          ) : null,
      },
      { key: "created", header: t("devices.created"), value: (r) => formatDateTime(r.createdTs, timezone) },
    ];
  }, [t, types, timezone]);

  const visible = (button: ReturnType<typeof deviceRowButtons>[number]) => (r: DeviceRow) =>
    deviceRowButtons(r, company.companyId !== null).includes(button);
  /** Runs a row action and reloads; the table keeps the row's buttons still until both are done. */
  const act = async (call: () => Promise<unknown>) => {
    await send(call);
    await reload();
  };
  const itemOf = (r: DeviceRow) =>
    r.itemId === null ? "" : `${ITEM_TYPE_LETTER[r.itemType as ItemType]} ${r.itemName ?? ""}`;
  const actions: RowAction<DeviceRow>[] = [
    {
      key: "assignCompany",
      label: t("devices.assignCompany"),
      icon: <IconBuildingPlus size={16} />,
      visible: visible("assignCompany"),
      onClick: setAssigning,
    },
    {
      key: "unassignCompany",
      label: t("devices.unassignCompany"),
      icon: <IconBuildingOff size={16} />,
      visible: visible("unassignCompany"),
      confirm: (r) =>
        t("devices.confirm.unassignCompany", { device: r.deviceId, company: r.companyName ?? "" }),
      onClick: (r) =>
        act(() =>
          api.call(
            devicesApi.assignCompany,
            { params: { ...params, id: r.id }, body: { companyId: null } },
            { quiet: true },
          ),
        ),
    },
    {
      key: "unassignItem",
      label: t("devices.unassignItem"),
      icon: <IconLinkOff size={16} />,
      visible: visible("unassignItem"),
      confirm: (r) => t("devices.confirm.unassignItem", { device: r.deviceId, item: itemOf(r) }),
      onClick: (r) =>
        act(() =>
          api.call(
            devicesApi.unassignItem,
            { params: { ...params, id: r.id }, body: { itemId: null } },
            { quiet: true },
          ),
        ),
    },
    {
      key: "goToCompany",
      label: t("devices.goToCompany"),
      icon: <IconExternalLink size={16} />,
      visible: visible("goToCompany"),
      onClick: (r) => {
        if (r.companyId !== null) void company.choose(r.companyId).then(() => navigate("/"));
      },
    },
    {
      key: "qr",
      label: t("devices.qr"),
      icon: <IconQrcode size={16} />,
      onClick: (r) =>
        setQr(deviceQr(r, types.find((x) => x.id === r.typeId)?.proto ?? null, window.location.origin)),
    },
    {
      key: "remove",
      label: t("mgmt.delete"),
      icon: <IconTrash size={16} />,
      color: "red",
      visible: visible("delete"),
      confirm: (r) => t("mgmt.deleteText", { name: r.deviceId }),
      onClick: (r) =>
        act(() => api.call(devicesApi.resellerRemove, { params: { ...params, id: r.id } }, { quiet: true })),
    },
  ];

  return (
    <>
      <CrudPage
        name="devices"
        title={t("routes.devices")}
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        loading={devices.isPending}
        label={(r) => r.deviceId}
        extraActions={actions}
        onNew={() => setEditing("new")}
        onEdit={(r) => setEditing(r)}
        onDeleteMany={async (list) => {
          await send(() =>
            api.call(
              devicesApi.deleteBulk,
              { params, body: { deviceIds: list.map((d) => d.id) } },
              { quiet: true },
            ),
          );
          await reload();
        }}
        toolbar={
          <>
            <ImportButton
              kind="devices"
              run={(csv, commit) =>
                api.call(
                  devicesApi.import,
                  { params, query: { commit: commit ? "1" : "0" }, body: { csv } },
                  { quiet: true },
                )
              }
              onDone={() => void reload()}
              data-testid="devices-import"
            />
            <Button
              variant="default"
              leftSection={<IconDeviceUnknown size={16} />}
              onClick={() => setUnknownOpen(true)}
              data-testid="devices-unknown"
            >
              {t("extras.unknownDevices.button")}
            </Button>
          </>
        }
      />
      {editing !== null ? (
        <DeviceForm
          row={editing === "new" ? null : editing}
          initial={editing === "new" ? prefill : undefined}
          types={types}
          simTypes={simTypes}
          onClose={() => {
            setEditing(null);
            setPrefill(undefined);
          }}
          onSave={async (values) => {
            const res = await send(() =>
              editing === "new"
                ? api.call(devicesApi.resellerCreate, { params, body: values }, { quiet: true })
                : api.call(
                    devicesApi.resellerUpdate,
                    { params: { ...params, id: editing.id }, body: values },
                    { quiet: true },
                  ),
            );
            if (res.ok) {
              await reload();
              // A registered identifier drops out of the unknown list (the server filters it).
              if (prefill) await queryClient.invalidateQueries({ queryKey: unknownDevicesQuery().queryKey });
            }
            return res;
          }}
        />
      ) : null}
      <AssignCompanyModal
        device={assigning}
        companies={Object.values(companies.data ?? {}).map((c) => ({ id: c.id, name: c.name }))}
        onClose={() => setAssigning(null)}
        onAssign={async (companyId) => {
          if (!assigning) return;
          await act(() =>
            api.call(
              devicesApi.assignCompany,
              { params: { ...params, id: assigning.id }, body: { companyId } },
              { quiet: true },
            ),
          );
          setAssigning(null);
        }}
      />
      <UnknownDevicesModal
        opened={unknownOpen && editing === null}
        onClose={() => setUnknownOpen(false)}
        onRegister={(d) => {
          setPrefill({ deviceId: d.deviceId, typeId: PROTOCOL_DEVICE_TYPE[d.protocol] });
          setEditing("new");
        }}
      />
      <QrDialog qr={qr} onClose={() => setQr(null)} />
    </>
  );
}

function AssignCompanyModal({
  device,
  companies,
  onClose,
  onAssign,
}: {
  device: DeviceRow | null;
  companies: { id: number; name: string }[];
  onClose(): void;
  onAssign(companyId: number): Promise<void>;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<string | null>(null);
  return (
    <Modal opened={device !== null} onClose={onClose} title={t("devices.assignCompany")} centered>
      <Stack>
        <Select
          label={t("devices.company")}
          searchable
          data={companies.map((c) => ({ value: String(c.id), label: c.name }))}
          value={choice}
          onChange={setChoice}
          data-testid="assign-company-select"
        />
        <Group justify="flex-end">
          <Button
            disabled={choice === null}
            onClick={() => choice && void onAssign(Number(choice))}
            data-testid="assign-company-confirm"
          >
            {t("devices.assign")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
