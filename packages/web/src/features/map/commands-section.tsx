import { Alert, Badge, Button, Divider, Group, Modal, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconPlayerPlay, IconPower, IconRefresh, IconSend } from "@tabler/icons-react";
import {
  COMMAND_TEXT_MAX,
  COMMAND_TEXT_PATTERN,
  commandsApi,
  type DeviceCommandKind,
  type ItemCommands,
  type ItemKey,
} from "@vigia/domain";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import { ApiError } from "../../platform/api/client.ts";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import {
  awaitingAnswer,
  COMMAND_POLL_MS,
  commandErrorKey,
  isDangerous,
  STATUS_COLOR,
  shownStatus,
} from "./commands-logic.ts";

const ITEM_TYPE: Record<ItemKey, 1 | 2 | 3> = { vehicle: 1, asset: 2, person: 3 };
const ICONS: Record<DeviceCommandKind, typeof IconPower> = {
  engineStop: IconPower,
  engineResume: IconPlayerPlay,
  reboot: IconRefresh,
  custom: IconSend,
};

interface Props {
  kind: ItemKey;
  id: number;
  companyId: number;
  timezone: string;
}

/**
 * Commands to the item's device: the buttons its protocol supports for this item, a note on those the protocol
 * cannot confirm, a confirmation before anything is sent, and the last commands with the device's answer, asked
 * again while one is still waiting.
 */
export function CommandsSection({ kind, id, companyId, timezone }: Props) {
  const { t } = useTranslation();
  const [data, setData] = useState<ItemCommands | null>(null);
  const [confirm, setConfirm] = useState<DeviceCommandKind | null>(null);
  const [custom, setCustom] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const params = { companyId, itemType: ITEM_TYPE[kind], itemId: id };

  const load = useCallback(async () => {
    try {
      const itemParams = { companyId, itemType: ITEM_TYPE[kind], itemId: id };
      setData(await api.call(commandsApi.list, { params: itemParams }, { quiet: true }));
    } catch {
      setData(null);
    }
  }, [companyId, kind, id]);

  useEffect(() => {
    setData(null);
    setError(null);
    void load();
  }, [load]);

  useEffect(() => {
    if (!data || !awaitingAnswer(data.commands)) return;
    const timer = setTimeout(() => void load(), COMMAND_POLL_MS);
    return () => clearTimeout(timer);
  }, [data, load]);

  if (!data || data.available.length === 0) return null;

  const send = async (chosen: DeviceCommandKind) => {
    setSending(true);
    setError(null);
    try {
      await api.call(
        commandsApi.send,
        { params, body: { kind: chosen, text: chosen === "custom" ? custom.trim() : "" } },
        { quiet: true },
      );
      if (chosen === "custom") setCustom("");
      setConfirm(null);
      await load();
    } catch (e) {
      const key = e instanceof ApiError ? commandErrorKey(e.description) : null;
      setError(key ? t(key) : e instanceof ApiError ? apiErrorText(e, t) : String(e));
      setConfirm(null);
    } finally {
      setSending(false);
    }
  };

  const customValid = custom.trim() !== "" && COMMAND_TEXT_PATTERN.test(custom.trim());
  const buttons = data.available.filter((k) => k !== "custom");

  return (
    <Stack gap={6} px="sm" pb="sm" data-testid="map-commands">
      <Divider label={t("commands.title")} labelPosition="left" mt="sm" />
      {!data.allowed ? (
        <Text size="xs" c="dimmed">
          {t("commands.notAllowed")}
        </Text>
      ) : (
        <>
          {!data.connected && (
            <Text size="xs" c="dimmed" data-testid="map-commands-offline">
              {t("commands.offline")}
            </Text>
          )}
          <Group gap={6}>
            {buttons.map((k) => {
              const Icon = ICONS[k];
              return (
                <Button
                  key={k}
                  size="xs"
                  variant="light"
                  color={isDangerous(k) ? "red" : "blue"}
                  leftSection={<Icon size={14} />}
                  onClick={() => setConfirm(k)}
                  data-testid={`map-command-${k}`}
                >
                  {t(`commands.kind.${k}`)}
                </Button>
              );
            })}
          </Group>
          {data.unanswered.length > 0 && (
            <Text size="xs" c="dimmed" data-testid="map-commands-unanswered">
              {t("commands.unansweredNote", {
                kinds: data.unanswered.map((k) => t(`commands.kind.${k}`)).join(", "),
              })}
            </Text>
          )}
          {data.available.includes("custom") && (
            <Group gap={6} align="flex-end" wrap="nowrap">
              <TextInput
                size="xs"
                style={{ flex: 1 }}
                placeholder={t("commands.customPlaceholder")}
                aria-label={t("commands.kind.custom")}
                maxLength={COMMAND_TEXT_MAX}
                value={custom}
                onChange={(e) => setCustom(e.currentTarget.value)}
                data-testid="map-command-text"
              />
              <Button
                size="xs"
                variant="light"
                disabled={!customValid}
                onClick={() => setConfirm("custom")}
                data-testid="map-command-custom"
              >
                {t("commands.send")}
              </Button>
            </Group>
          )}
        </>
      )}
      {error && (
        <Alert color="red" p={6} data-testid="map-commands-error">
          <Text size="xs">{error}</Text>
        </Alert>
      )}
      {data.commands.length > 0 && (
        <Table verticalSpacing={3} fz="xs" data-testid="map-commands-history">
          <Table.Tbody>
            {data.commands.slice(0, 5).map((c) => {
              const status = shownStatus(c, data.unanswered);
              return (
                <Table.Tr key={c.id}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Text size="xs" fw={500}>
                      {c.kind === "custom" ? c.text : t(`commands.kind.${c.kind}`)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(c.createdTs, timezone)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge size="xs" color={STATUS_COLOR[status]} data-testid={`map-command-status-${c.id}`}>
                      {t(`commands.status.${status}`)}
                    </Badge>
                    {c.result && (
                      <Text size="xs" c="dimmed" style={{ wordBreak: "break-word" }}>
                        {c.result}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm ? t(`commands.kind.${confirm}`) : ""}
        centered
        data-testid="map-command-confirm"
      >
        <Text size="sm">
          {confirm === "custom"
            ? t("commands.confirmCustom", { text: custom.trim() })
            : confirm
              ? t(`commands.confirm.${confirm}`)
              : ""}
        </Text>
        {confirm && data.unanswered.includes(confirm) && (
          <Text size="xs" c="dimmed" mt="xs" data-testid="map-command-confirm-unanswered">
            {t("commands.unansweredConfirm")}
          </Text>
        )}
        {!data.connected && (
          <Text size="xs" c="dimmed" mt="xs">
            {t("commands.offline")}
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirm(null)} disabled={sending}>
            {t("commands.cancel")}
          </Button>
          <Button
            color={confirm && isDangerous(confirm) ? "red" : "blue"}
            loading={sending}
            onClick={() => confirm && void send(confirm)}
            data-testid="map-command-confirm-send"
          >
            {t("commands.send")}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
