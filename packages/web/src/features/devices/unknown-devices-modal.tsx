import { Badge, Modal, Tabs } from "@mantine/core";
import { IconPlus, IconX } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { devicesApi, type UnknownDevice } from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import { send } from "../../kit/forms/send.ts";
import { type DataColumn, DataTable, type RowAction } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { unknownDevicesQuery } from "./api.ts";
import { QuarantinePanel } from "./quarantine-panel.tsx";

/** Device type each gateway protocol speaks, so "Register" starts with the right identifier rules. */
export const PROTOCOL_DEVICE_TYPE: Readonly<Record<string, number>> = { teltonika: 1, gt06: 3, osmand: 4 };

/**
 * The identifiers the gateways heard but nobody registered, to register or dismiss; and in the
 * second tab the positions the ingest kept apart, what devices send that could not be stored.
 */
export function UnknownDevicesModal({
  opened,
  onClose,
  onRegister,
}: {
  opened: boolean;
  onClose(): void;
  onRegister(device: UnknownDevice): void;
}) {
  const { t } = useTranslation();
  const { timezone } = useTimezone();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<string | null>("unknown");
  // Fetched only while open: the list is global and the gateways keep it changing.
  const list = useQuery({
    ...unknownDevicesQuery(),
    enabled: opened && tab === "unknown",
  });
  // The server sends the most recently heard first; keep that order rather than sort formatted dates.
  const rows = useMemo(() => Object.values(list.data ?? {}), [list.data]);
  const columns = useMemo<DataColumn<UnknownDevice>[]>(
    () => [
      { key: "deviceId", header: t("devices.imei"), value: (r) => r.deviceId },
      {
        key: "protocol",
        header: t("extras.unknownDevices.protocol"),
        value: (r) => r.protocol,
        render: (r) => (
          <Badge size="sm" variant="light">
            {r.protocol}
          </Badge>
        ),
      },
      { key: "remote", header: t("extras.unknownDevices.remote"), value: (r) => r.remote },
      {
        key: "first",
        header: t("extras.unknownDevices.firstSeen"),
        value: (r) => formatDateTime(r.firstSeenTs, timezone),
      },
      {
        key: "last",
        header: t("extras.unknownDevices.lastSeen"),
        value: (r) => formatDateTime(r.lastSeenTs, timezone),
      },
      { key: "messages", header: t("extras.unknownDevices.messages"), value: (r) => r.messages },
    ],
    [t, timezone],
  );
  const actions: RowAction<UnknownDevice>[] = [
    {
      key: "register",
      label: t("extras.unknownDevices.register"),
      icon: <IconPlus size={16} />,
      onClick: onRegister,
    },
    {
      key: "dismiss",
      label: t("extras.unknownDevices.dismiss"),
      icon: <IconX size={16} />,
      color: "red",
      onClick: (r) =>
        send(() =>
          api.call(devicesApi.dismissUnknown, { params: { deviceId: r.deviceId } }, { quiet: true }),
        ).then(() => queryClient.invalidateQueries({ queryKey: unknownDevicesQuery().queryKey })),
    },
  ];
  return (
    // No modal title: the table already carries it. Wide enough for the row actions without scrolling.
    <Modal opened={opened} onClose={onClose} size={1100} centered withCloseButton>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="unknown">{t("extras.unknownDevices.title")}</Tabs.Tab>
          <Tabs.Tab value="quarantine" data-testid="quarantine-tab">
            {t("quarantine.tab")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="unknown">
          <DataTable
            name="unknown_devices"
            title={t("extras.unknownDevices.title")}
            rows={rows}
            rowKey={(r) => r.deviceId}
            columns={columns}
            actions={actions}
            loading={list.isPending && opened}
            height={420}
          />
        </Tabs.Panel>
        <Tabs.Panel value="quarantine">
          <QuarantinePanel active={opened && tab === "quarantine"} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
