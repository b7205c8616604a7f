import { Badge, Button, Group, Modal, Stack, Table, Text, Timeline } from "@mantine/core";
import { maintenanceApi, REVISION_STATE, type Revision } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { FileLink } from "../../kit/files/file-link.tsx";
import { api } from "../../platform/api/instance.ts";
import { dueText, STATE_COLOR, stateOf } from "./revision-state.ts";

/** The revisions before and after this one in its chain (each done one planned the next), oldest first. */
export function revisionChain(revision: Revision, all: readonly Revision[]): Revision[] {
  const byId = new Map(all.map((r) => [r.id, r]));
  const chain: Revision[] = [revision];
  const seen = new Set([revision.id]);
  for (let r = revision; r.previousId !== null; ) {
    const previous = byId.get(r.previousId);
    if (!previous || seen.has(previous.id)) break;
    seen.add(previous.id);
    chain.unshift(previous);
    r = previous;
  }
  for (let r = revision; r.nextId !== null; ) {
    const next = byId.get(r.nextId);
    if (!next || seen.has(next.id)) break;
    seen.add(next.id);
    chain.push(next);
    r = next;
  }
  return chain;
}

/**
 * One revision, read only, for every user who sees its item: its plan, what was recorded when it was done
 * (attachments as download links, served through the revision so only users who see the item get them), and
 * the history of its chain.
 */
export function RevisionDetail({
  revision,
  all,
  companyId,
  costLabel,
  onClose,
}: {
  revision: Revision;
  all: readonly Revision[];
  companyId: number;
  costLabel: (id: number) => string;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const chain = revisionChain(revision, all);
  const every = [
    revision.everyKm !== null ? `${revision.everyKm} km` : null,
    revision.everyDays !== null ? `${revision.everyDays} ${t("maintenance.days")}` : null,
    revision.everyHours !== null ? `${revision.everyHours} h` : null,
  ].filter((x) => x !== null);
  const line = (label: string, value: string | number | null) =>
    value === null || value === "" ? null : (
      <Table.Tr key={label}>
        <Table.Th w={200}>{label}</Table.Th>
        <Table.Td>{value}</Table.Td>
      </Table.Tr>
    );
  return (
    <Modal opened onClose={onClose} title={`${revision.itemName}: ${revision.task}`} size="lg" centered>
      <Stack gap="sm" data-testid="revision-detail">
        <Group gap="xs">
          <Badge color={STATE_COLOR[stateOf(revision)]} variant="light">
            {t(`maintenance.states.${stateOf(revision)}`)}
          </Badge>
        </Group>
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {line(t("maintenance.every"), every.join(" · "))}
            {revision.state < 2 ? line(t("maintenance.due"), dueText(revision, i18n.language)) : null}
            {line(t("maintenance.doneDate"), revision.doneDate)}
            {line(t("maintenance.odometer"), revision.doneKm)}
            {line(t("maintenance.hourMeter"), revision.doneHours)}
            {line(t("maintenance.workshop"), revision.workshop)}
            {line(t("maintenance.notes"), revision.notes)}
            {line(t("maintenance.cost"), revision.costId !== null ? costLabel(revision.costId) : null)}
          </Table.Tbody>
        </Table>
        <Text size="sm" fw={600}>
          {t("maintenance.attachments")}
        </Text>
        {revision.files.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("maintenance.noAttachments")}
          </Text>
        ) : (
          <Stack gap={2} align="flex-start">
            {revision.files.map((f) => (
              <FileLink
                key={f.id}
                file={f}
                load={() =>
                  api.blob(maintenanceApi.file, {
                    params: { companyId, id: revision.id, fileId: f.id },
                    query: {},
                  })
                }
              />
            ))}
          </Stack>
        )}
        <Text size="sm" fw={600}>
          {t("maintenance.history")}
        </Text>
        <Timeline bulletSize={12} lineWidth={2} data-testid="revision-history">
          {chain.map((r) => (
            <Timeline.Item
              key={r.id}
              color={STATE_COLOR[stateOf(r)]}
              lineVariant={r.id === revision.id ? "solid" : "dashed"}
              title={
                <Text size="sm" fw={r.id === revision.id ? 700 : 400}>
                  {t(`maintenance.states.${stateOf(r)}`)}
                  {r.state === REVISION_STATE.done
                    ? ` · ${r.doneDate ?? ""}`
                    : ` · ${dueText(r, i18n.language)}`}
                </Text>
              }
            >
              {r.workshop ? (
                <Text size="xs" c="dimmed">
                  {r.workshop}
                </Text>
              ) : null}
              {r.id !== revision.id
                ? r.files.map((f) => (
                    <FileLink
                      key={f.id}
                      file={f}
                      load={() =>
                        api.blob(maintenanceApi.file, {
                          params: { companyId, id: r.id, fileId: f.id },
                          query: {},
                        })
                      }
                    />
                  ))
                : null}
            </Timeline.Item>
          ))}
        </Timeline>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="mgmt-close">
            {t("mgmt.close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
