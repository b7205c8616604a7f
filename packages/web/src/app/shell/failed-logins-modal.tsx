import { Modal, Table, Tabs, Text } from "@mantine/core";
import type { LoginHistory } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";

/** Failed attempts recorded since the last successful sign-in, on either channel. */
export function failedLoginCount(history: LoginHistory): number {
  return (history.front.last?.fail.length ?? 0) + (history.app.last?.fail.length ?? 0);
}

export function FailedLoginsModal(props: { opened: boolean; onClose(): void; history: LoginHistory }) {
  const { t } = useTranslation();
  const { timezone } = useTimezone();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t("user.failedLoginsTitle")} centered>
      <Tabs defaultValue="front">
        <Tabs.List grow>
          <Tabs.Tab value="front">{t("user.web")}</Tabs.Tab>
          <Tabs.Tab value="app">{t("user.app")}</Tabs.Tab>
        </Tabs.List>
        {(["front", "app"] as const).map((channel) => {
          const fails = props.history[channel].last?.fail ?? [];
          return (
            <Tabs.Panel key={channel} value={channel} pt="sm">
              {fails.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t("user.noFailedLogins")}
                </Text>
              ) : (
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("user.ip")}</Table.Th>
                      <Table.Th>{t("user.date")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {fails.map((fail) => (
                      <Table.Tr key={`${fail.ts}-${fail.ip}`}>
                        <Table.Td>{fail.ip}</Table.Td>
                        <Table.Td>{formatDateTime(fail.ts, timezone, true)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </Modal>
  );
}
