import { Badge, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowBackUp, IconCheck, IconHistory } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { addDays, maintenanceApi, REVISION_STATE, type Revision } from "@vigia/domain";
import dayjs from "dayjs";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { CrudList } from "../../kit/crud/crud-list.tsx";
import { send } from "../../kit/forms/send.ts";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany } from "../../platform/company/index.ts";
import { costsQuery } from "../costs/index.ts";
import { revisionsQuery } from "./api.ts";
import { RevisionDetail } from "./revision-detail.tsx";
import { DoneForm, RevisionForm, useItemOptions } from "./revision-forms.tsx";
import { dueText, STATE_COLOR, STATE_FILTERS, type StateFilter, stateOf } from "./revision-state.ts";

function useColumns(): DataColumn<Revision>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      { key: "item", header: t("maintenance.item"), value: (r) => r.itemName },
      { key: "task", header: t("maintenance.task"), value: (r) => r.task },
      {
        key: "state",
        header: t("maintenance.state"),
        width: 140,
        value: (r) => t(`maintenance.states.${stateOf(r)}`),
        render: (r) => (
          <Badge
            color={STATE_COLOR[stateOf(r)]}
            variant="light"
            style={{ overflow: "visible" }}
            data-testid={`revision-state-${r.id}`}
          >
            {t(`maintenance.states.${stateOf(r)}`)}
          </Badge>
        ),
      },
      {
        key: "due",
        header: t("maintenance.due"),
        value: (r) => (r.state === REVISION_STATE.done ? "" : dueText(r, i18n.language)),
      },
      {
        key: "current",
        header: t("maintenance.odometer"),
        value: (r) => (r.currentKm !== null ? Math.round(r.currentKm) : null),
      },
      { key: "doneDate", header: t("maintenance.doneDate"), value: (r) => r.doneDate ?? "" },
      { key: "workshop", header: t("maintenance.workshop"), value: (r) => r.workshop },
    ],
    [t],
  );
}

/** What falls due by date in the next weeks, week by week (revisions planned by days). */
function DueCalendar({ rows, today }: { rows: readonly Revision[]; today: string }) {
  const { t, i18n } = useTranslation();
  // Month names in the interface language (dayjs has every language loaded, see DatesLocale).
  const day = (date: string) =>
    dayjs(date)
      .locale(i18n.language || "en")
      .format("D MMM");
  const weeks = Array.from({ length: 6 }, (_, i) => {
    const from = addDays(today, i * 7);
    const to = addDays(from, 6);
    return {
      from,
      to,
      due: rows.filter((r) => r.state < 2 && r.dueDate !== null && r.dueDate >= from && r.dueDate <= to),
    };
  });
  const late = rows.filter((r) => r.state < 2 && r.overdue);
  return (
    <Card withBorder data-testid="maintenance-calendar">
      <Title order={5} mb="xs">
        {t("maintenance.calendar")}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4, lg: 7 }} spacing="xs">
        <Card padding="xs" bg="red.0">
          <Text size="xs" fw={700}>
            {t("maintenance.states.overdue")}
          </Text>
          {late.map((r) => (
            <Text key={r.id} size="xs">
              {r.itemName}: {r.task}
            </Text>
          ))}
        </Card>
        {weeks.map((w) => (
          <Card key={w.from} padding="xs" withBorder>
            <Text size="xs" fw={700}>
              {day(w.from)} – {day(w.to)}
            </Text>
            {w.due.map((r) => (
              <Text key={r.id} size="xs">
                {r.dueDate?.slice(5)} {r.itemName}: {r.task}
              </Text>
            ))}
          </Card>
        ))}
      </SimpleGrid>
    </Card>
  );
}

/** /maintenances: revisions by km, days or engine hours, with their states, calendar, done and unmark. */
export function MaintenancesPage() {
  const { t } = useTranslation();
  const { companyId } = useCompany();
  const queryClient = useQueryClient();
  const params = { companyId: companyId ?? 0 };
  const revisions = useQuery(revisionsQuery(companyId));
  const costs = useQuery(costsQuery(companyId));
  const [filter, setFilter] = useState<StateFilter>("all");
  const [item, setItem] = useState<string | null>(null);
  const items = useItemOptions();
  const all = revisions.data ?? [];
  const rows = all.filter(
    (r) =>
      (filter === "all" || stateOf(r) === filter) && (item === null || `${r.itemType}:${r.itemId}` === item),
  );
  const columns = useColumns();
  const [doing, setDoing] = useState<Revision | null>(null);
  const [viewing, setViewing] = useState<Revision | null>(null);
  const today = dayjs().format("YYYY-MM-DD");
  const reload = () => queryClient.invalidateQueries({ queryKey: revisionsQuery(companyId).queryKey });
  const costLabel = (id: number) => {
    const c = (costs.data ?? []).find((x) => x.id === id);
    return c ? `${c.date} ${c.name} (${c.amount} ${c.currency})` : `#${id}`;
  };
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          value={filter}
          onChange={(v) => setFilter(STATE_FILTERS.find((s) => s === v) ?? "all")}
          data={STATE_FILTERS.map((s) => ({
            value: s,
            label: s === "all" ? t("maintenance.all") : t(`maintenance.states.${s}`),
          }))}
          data-testid="maintenance-state-filter"
        />
        <Select
          placeholder={t("maintenance.item")}
          data={items}
          value={item}
          onChange={setItem}
          searchable
          clearable
          w={220}
        />
      </Group>
      <CrudList
        name="maintenances"
        title={t("routes.maintenances")}
        rows={rows}
        columns={columns}
        loading={revisions.isPending}
        writeAccess={maintenanceApi.create.access}
        label={(r) => `${r.itemName}: ${r.task}`}
        remove={(r) => api.call(maintenanceApi.remove, { params: { ...params, id: r.id } }, { quiet: true })}
        afterDelete={reload}
        // Read-only users open a revision as its detail (plan, what was done, attachments, history).
        onView={setViewing}
        extraActions={[
          {
            key: "history",
            label: t("maintenance.details"),
            icon: <IconHistory size={16} />,
            onClick: (r) => setViewing(r),
          },
          {
            key: "done",
            label: t("maintenance.done"),
            icon: <IconCheck size={16} />,
            color: "teal",
            visible: (r) => r.state < 2,
            onClick: (r) => setDoing(r),
          },
          {
            key: "undone",
            label: t("maintenance.undone"),
            icon: <IconArrowBackUp size={16} />,
            visible: (r) => r.state === REVISION_STATE.done,
            onClick: async (r) => {
              await send(() =>
                api.call(maintenanceApi.undone, { params: { ...params, id: r.id } }, { quiet: true }),
              );
              await reload();
            },
          },
        ]}
        form={(row, close) => (
          <RevisionForm
            row={row}
            send={(body) =>
              row === null
                ? api.call(maintenanceApi.create, { params, body }, { quiet: true })
                : api.call(
                    maintenanceApi.update,
                    { params: { ...params, id: row.id }, body },
                    { quiet: true },
                  )
            }
            onClose={close}
            onSaved={reload}
          />
        )}
      />
      <DueCalendar rows={all} today={today} />
      {viewing ? (
        <RevisionDetail
          revision={viewing}
          all={all}
          companyId={params.companyId}
          costLabel={costLabel}
          onClose={() => setViewing(null)}
        />
      ) : null}
      {doing ? (
        <DoneForm
          row={doing}
          today={today}
          companyId={params.companyId}
          costs={(costs.data ?? []).map((c) => ({
            id: c.id,
            label: `${c.date} ${c.name} (${c.amount} ${c.currency})`,
          }))}
          onClose={() => setDoing(null)}
          onSave={async (body) => {
            const res = await send(() =>
              api.call(maintenanceApi.done, { params: { ...params, id: doing.id }, body }, { quiet: true }),
            );
            if (res.ok) await reload();
            return res.ok;
          }}
        />
      ) : null}
    </Stack>
  );
}
