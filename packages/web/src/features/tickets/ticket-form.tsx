import { Select, Textarea } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import {
  TICKET_LINK_KINDS,
  TICKET_PRIORITIES,
  TICKET_TYPES,
  type Ticket,
  type TicketInput,
  type TicketLinkKind,
  ticketInputSchema,
  ticketsApi,
} from "@vigia/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CrudForm } from "../../kit/crud/crud-form.tsx";
import { errorText } from "../../kit/forms/errors.ts";
import { TextField } from "../../kit/forms/fields.tsx";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompanyIdForCalls, useCompanyRows } from "../../platform/company/index.ts";
import { ticketAssigneesQuery } from "./api.ts";

/** The items a ticket may be linked to, by kind, as select options. */
function useLinkOptions(): Record<TicketLinkKind, { value: string; label: string }[]> {
  const vehicles = useCompanyRows("vehicles");
  const assets = useCompanyRows("assets");
  const persons = useCompanyRows("persons");
  const drivers = useCompanyRows("drivers");
  return useMemo(
    () => ({
      vehicle: vehicles.map((v) => ({ value: String(v.id), label: v.name || v.plate })),
      asset: assets.map((a) => ({ value: String(a.id), label: a.name })),
      person: persons.map((p) => ({ value: String(p.id), label: p.name })),
      driver: drivers.map((d) => ({ value: String(d.id), label: d.name })),
    }),
    [vehicles, assets, persons, drivers],
  );
}

/**
 * Open or edit a ticket: type (fixed once open), title, description, priority, assignee and linked item.
 * `prefill` and `create` let another screen open a ticket of its own (an incident: what happened, its item).
 */
export function TicketForm({
  ticket,
  onClose,
  onSaved,
  prefill,
  create,
}: {
  ticket: Ticket | null;
  onClose(): void;
  onSaved(ticket: Ticket): void;
  prefill?: Partial<TicketInput>;
  /** Sends a new ticket another way than the plain create (the link is then the caller's, fixed). */
  create?: (body: TicketInput) => Promise<Ticket>;
}) {
  const { t } = useTranslation();
  const companyId = useCompanyIdForCalls();
  const links = useLinkOptions();
  const assignees = useQuery(ticketAssigneesQuery(companyId()));
  const form = useZodForm(ticketInputSchema, {
    ...prefill,
    type: ticket?.type ?? prefill?.type ?? "incident",
    title: ticket?.title ?? prefill?.title ?? "",
    description: ticket?.description ?? prefill?.description ?? "",
    priority: ticket?.priority ?? prefill?.priority ?? "medium",
    assigneeId: ticket?.assigneeId ?? null,
    linkKind: ticket?.linkKind ?? prefill?.linkKind ?? null,
    linkId: ticket?.linkId ?? prefill?.linkId ?? null,
    alarmLogId: ticket?.alarmLogId ?? prefill?.alarmLogId ?? null,
  });
  const kind = form.values.linkKind ?? null;
  const save = async (body: TicketInput) =>
    onSaved(
      await (ticket
        ? api.call(
            ticketsApi.update,
            { params: { companyId: companyId(), id: ticket.id }, body },
            { quiet: true },
          )
        : create
          ? create(body)
          : api.call(ticketsApi.create, { params: { companyId: companyId() }, body }, { quiet: true })),
    );
  return (
    <CrudForm
      form={form}
      title={ticket ? t("tickets.edit") : t("tickets.new")}
      size="md"
      send={save}
      onClose={onClose}
    >
      <Select
        label={t("tickets.type")}
        data={TICKET_TYPES.map((v) => ({ value: v, label: t(`tickets.types.${v}`) }))}
        value={form.values.type ?? "incident"}
        onChange={(v) => v && form.set("type", v as (typeof TICKET_TYPES)[number])}
        disabled={ticket !== null}
        description={
          form.values.type === "serviceRequest" ? t("tickets.serviceRequestHint") : t("tickets.incidentHint")
        }
        allowDeselect={false}
        data-testid="field-type"
      />
      <TextField form={form} name="title" label={t("tickets.title")} required />
      <Textarea
        label={t("tickets.description")}
        autosize
        minRows={3}
        value={form.values.description ?? ""}
        onChange={(e) => form.set("description", e.currentTarget.value)}
        error={errorText(t, form.errorOf("description"))}
        data-testid="field-description"
      />
      <Select
        label={t("tickets.priority")}
        data={TICKET_PRIORITIES.map((v) => ({ value: v, label: t(`tickets.priorities.${v}`) }))}
        value={form.values.priority ?? "medium"}
        onChange={(v) => v && form.set("priority", v as (typeof TICKET_PRIORITIES)[number])}
        allowDeselect={false}
        data-testid="field-priority"
      />
      <Select
        label={t("tickets.assignee")}
        clearable
        searchable
        data={(assignees.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
        value={form.values.assigneeId == null ? null : String(form.values.assigneeId)}
        onChange={(v) => form.set("assigneeId", v === null ? null : Number(v))}
        error={errorText(t, form.errorOf("assigneeId"))}
        data-testid="field-assigneeId"
      />
      <Select
        label={t("tickets.linkKind")}
        clearable
        data={TICKET_LINK_KINDS.map((v) => ({ value: v, label: t(`tickets.links.${v}`) }))}
        value={kind}
        onChange={(v) => {
          form.set("linkKind", (v as TicketLinkKind | null) ?? null);
          form.set("linkId", null);
        }}
        disabled={create !== undefined}
        data-testid="field-linkKind"
      />
      {kind && (
        <Select
          label={t(`tickets.links.${kind}`)}
          searchable
          data={links[kind]}
          value={form.values.linkId == null ? null : String(form.values.linkId)}
          onChange={(v) => form.set("linkId", v === null ? null : Number(v))}
          disabled={create !== undefined}
          error={errorText(t, form.errors.linkId)}
          data-testid="field-linkId"
        />
      )}
    </CrudForm>
  );
}
