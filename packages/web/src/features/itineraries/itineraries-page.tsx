import { Alert, Stack } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { allows, type Itinerary, itinerariesApi } from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { CrudPage } from "../../kit/crud/crud-page.tsx";
import { send } from "../../kit/forms/send.ts";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany, useCompanyRows } from "../../platform/company/index.ts";
import { useSession } from "../../platform/session/session.ts";
import { itinerariesQuery } from "./api.ts";
import { CompliancePanel } from "./compliance-panel.tsx";
import { ItineraryForm } from "./itinerary-form.tsx";

/** /itineraries (reseller-level): the company's itineraries, their editor and the day compliance view. */
export function ItinerariesPage() {
  const { t } = useTranslation();
  const { companyId, info } = useCompany();
  // The reseller prepares itineraries either way; the company sees them run only with conf.general.itenerary.
  const shown = info?.conf.general.itenerary === true;
  const { user } = useSession();
  const vehicles = useCompanyRows("vehicles");
  const persons = useCompanyRows("persons");
  const queryClient = useQueryClient();
  const params = { companyId: companyId ?? 0 };
  const list = useQuery(itinerariesQuery(companyId));
  const rows = list.data ?? [];
  const writable = allows(itinerariesApi.create.access, user);
  const [editing, setEditing] = useState<Itinerary | null | "new">(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: itinerariesQuery(companyId).queryKey });
  const columns = useMemo((): DataColumn<Itinerary>[] => {
    const name = new Map([
      ...vehicles.map((v) => [`vehicle ${v.id}`, v.name || v.plate] as const),
      ...persons.map((p) => [`person ${p.id}`, p.name] as const),
    ]);
    return [
      { key: "name", header: t("mgmt.name"), value: (r) => r.name },
      { key: "waypoints", header: t("itineraries.waypoints"), value: (r) => r.waypoints.length },
      {
        key: "first",
        header: t("itineraries.firstTime"),
        value: (r) => r.waypoints[0]?.time ?? "",
      },
      {
        key: "vehicles",
        header: t("itineraryItems.assignedTo"),
        value: (r) =>
          r.assignments.map((a) => name.get(`${a.itemType} ${a.itemId}`) ?? `#${a.itemId}`).join(", "),
      },
    ];
  }, [t, vehicles, persons]);
  return (
    <Stack gap="md">
      <CrudPage
        name="itineraries"
        title={t("routes.itineraries")}
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        loading={list.isPending}
        readOnly={!writable}
        label={(r) => r.name}
        onNew={writable ? () => setEditing("new") : undefined}
        onEdit={writable ? (r) => setEditing(r) : undefined}
        onDelete={
          writable
            ? async (r) => {
                const res = await send(() =>
                  api.call(itinerariesApi.remove, { params: { ...params, id: r.id } }, { quiet: true }),
                );
                await reload();
                return res.ok;
              }
            : undefined
        }
      />
      {companyId !== null && shown ? <CompliancePanel companyId={companyId} itineraries={rows} /> : null}
      {companyId !== null && !shown ? (
        <Alert color="gray" title={t("itineraryFlag.offTitle")} data-testid="itineraries-off">
          {t("itineraryFlag.offText")}
        </Alert>
      ) : null}
      {editing !== null ? (
        <ItineraryForm
          row={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSave={async (values) => {
            const res = await send(() =>
              editing === "new"
                ? api.call(itinerariesApi.create, { params, body: values }, { quiet: true })
                : api.call(
                    itinerariesApi.update,
                    { params: { ...params, id: editing.id }, body: values },
                    { quiet: true },
                  ),
            );
            if (res.ok) await reload();
            return res;
          }}
        />
      ) : null}
    </Stack>
  );
}
