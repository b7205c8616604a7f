import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Alert, Badge, Card, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { COST_TYPES, type Cost, type CostGrouping, costsApi, costTotals, sumCosts } from "@vigia/domain";
import dayjs from "dayjs";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { CrudList } from "../../kit/crud/crud-list.tsx";
import { useNumberFormat } from "../../kit/format/number.ts";
import { ImportButton } from "../../kit/import/import-button.tsx";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany, useCompanyRows } from "../../platform/company/index.ts";
import { costsQuery } from "./api.ts";
import { CostForm } from "./cost-form.tsx";

function useColumns(): DataColumn<Cost>[] {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const vehicles = useCompanyRows("vehicles");
  const drivers = useCompanyRows("drivers");
  const assets = useCompanyRows("assets");
  return useMemo(() => {
    const vehicle = new Map(vehicles.map((v) => [v.id, v.name || v.plate]));
    const driver = new Map(drivers.map((d) => [d.id, d.name]));
    const asset = new Map(assets.map((a) => [a.id, a.name]));
    return [
      { key: "date", header: t("costs.date"), value: (r) => r.date },
      { key: "name", header: t("mgmt.name"), value: (r) => r.name },
      {
        key: "type",
        header: t("costs.type"),
        value: (r) => t(`costs.types.${COST_TYPES[r.typeId - 1] ?? "maintenance"}`),
      },
      { key: "quantity", header: t("costs.quantity"), value: (r) => r.quantity },
      { key: "unitPrice", header: t("costs.unitPrice"), value: (r) => r.unitPrice },
      { key: "tax", header: t("costs.tax"), value: (r) => r.tax },
      {
        key: "amount",
        header: t("costs.amount"),
        value: (r) => r.amount,
        render: (r) => (
          <Text size="sm" fw={600}>
            {fmt.money(r.amount, r.currency)}
          </Text>
        ),
      },
      { key: "currency", header: t("costs.currency"), value: (r) => r.currency },
      {
        key: "vehicle",
        header: t("costs.vehicle"),
        value: (r) => (r.vehicleId ? (vehicle.get(r.vehicleId) ?? "") : ""),
      },
      {
        key: "driver",
        header: t("costs.driver"),
        value: (r) => (r.driverId ? (driver.get(r.driverId) ?? "") : ""),
      },
      {
        key: "asset",
        header: t("costs.asset"),
        value: (r) => (r.assetId ? (asset.get(r.assetId) ?? "") : ""),
      },
      { key: "description", header: t("costs.description"), value: (r) => r.description },
    ];
  }, [t, vehicles, drivers, assets]);
}

/** Totals of the listed costs per type, month or vehicle, one bar series per currency (never mixed). */
function CostTotals({ rows }: { rows: readonly Cost[] }) {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const [by, setBy] = useState<CostGrouping>("month");
  const vehicles = useCompanyRows("vehicles");
  const totals = useMemo(() => costTotals([...rows], by), [rows, by]);
  const currencies = [...new Set(totals.map((x) => x.currency))].sort();
  const label = (key: string) => {
    if (by === "type") return t(`costs.types.${COST_TYPES[Number(key) - 1] ?? "maintenance"}`);
    if (by === "vehicle") {
      const v = vehicles.find((x) => String(x.id) === key);
      return key === "" ? t("costs.noItem") : v?.name || v?.plate || `#${key}`;
    }
    return key;
  };
  const data = [...new Set(totals.map((x) => x.key))].map((key) => ({
    key: label(key),
    ...Object.fromEntries(totals.filter((x) => x.key === key).map((x) => [x.currency, x.amount])),
  }));
  const sum = sumCosts(rows);
  const colors = ["teal.6", "indigo.6", "orange.6", "grape.6", "cyan.6"];
  return (
    <Card withBorder data-testid="cost-totals">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={5}>{t("costs.totals")}</Title>
          <SegmentedControl
            size="xs"
            value={by}
            onChange={(v) => setBy(v === "type" || v === "vehicle" ? v : "month")}
            data={[
              { value: "month", label: t("costs.byMonth") },
              { value: "type", label: t("costs.byType") },
              { value: "vehicle", label: t("costs.byVehicle") },
            ]}
          />
        </Group>
        {sum.ok ? (
          <Text size="sm" data-testid="cost-sum">
            {t("costs.sum", { count: rows.length })}:{" "}
            <b>{sum.currency ? fmt.money(sum.amount, sum.currency) : "0"}</b>
          </Text>
        ) : (
          <Alert color="orange" p="xs" data-testid="cost-sum-error">
            <Group gap="xs" wrap="wrap">
              <Text size="sm">{t("apiErrors.costs_currencies")}</Text>
              {currencies.map((c) => (
                <Badge key={c} variant="light">
                  {fmt.money(
                    rows.filter((r) => r.currency === c).reduce((a, r) => a + r.amount, 0),
                    c,
                  )}
                </Badge>
              ))}
            </Group>
          </Alert>
        )}
        {data.length > 0 ? (
          <BarChart
            h={220}
            data={data}
            dataKey="key"
            withLegend
            series={currencies.map((c, i) => ({ name: c, color: colors[i % colors.length] ?? "gray.6" }))}
          />
        ) : null}
      </Stack>
    </Card>
  );
}

/** /costs: the company's costs, CSV import, bulk delete, totals per currency. */
export function CostsPage() {
  const { t } = useTranslation();
  const { companyId } = useCompany();
  const queryClient = useQueryClient();
  const params = { companyId: companyId ?? 0 };
  const costs = useQuery(costsQuery(companyId));
  const rows = costs.data ?? [];
  const columns = useColumns();
  const reload = () => queryClient.invalidateQueries({ queryKey: costsQuery(companyId).queryKey });
  return (
    <Stack gap="md">
      <CrudList
        name="costs"
        title={t("routes.costs")}
        rows={rows}
        columns={columns}
        loading={costs.isPending}
        // Operators write costs even when read-only: the costs capability, not the general one.
        writeAccess={costsApi.create.access}
        label={(r) => r.name}
        remove={(r) => api.call(costsApi.remove, { params: { ...params, id: r.id } }, { quiet: true })}
        removeMany={(list) =>
          api.call(
            costsApi.deleteBulk,
            { params, body: { ids: list.map((c) => c.id), count: list.length } },
            { quiet: true },
          )
        }
        afterDelete={reload}
        toolbar={
          <ImportButton
            kind="costs"
            run={(csv, commit) =>
              api.call(
                costsApi.import,
                { params, query: { commit: commit ? "1" : "0" }, body: { csv } },
                { quiet: true },
              )
            }
            onDone={() => void reload()}
            data-testid="costs-import"
          />
        }
        form={(row, close, readOnly) => (
          <CostForm
            row={row}
            readOnly={readOnly}
            today={dayjs().format("YYYY-MM-DD")}
            send={(body) =>
              row === null
                ? api.call(costsApi.create, { params, body }, { quiet: true })
                : api.call(costsApi.update, { params: { ...params, id: row.id }, body }, { quiet: true })
            }
            onClose={close}
            onSaved={reload}
          />
        )}
      />
      <CostTotals rows={rows} />
    </Stack>
  );
}
