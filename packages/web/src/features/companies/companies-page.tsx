import { Badge, Button, Text } from "@mantine/core";
import { IconLogin } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type CompanyRecord, type CompanyRow, companiesAdminApi, companyBadge } from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { CrudPage } from "../../kit/crud/crud-page.tsx";
import { send } from "../../kit/forms/send.ts";
import type { DataColumn, RowAction } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { resellerQueries, resellerQueriesKey, useCompany } from "../../platform/company/index.ts";
import { useUser } from "../../platform/session/session.ts";
import { CompanyForm } from "./company-form.tsx";
import { LicenceCell, licenceText } from "./licence-cell.tsx";
import { ResellerOverview } from "./reseller-overview.tsx";
import { ResellerTwoFactorCard } from "./reseller-two-factor-card.tsx";

/**
 * /companies for reseller-level users: the full company table and form; selecting a company loads it and
 * opens the map.
 */
export function CompaniesPage() {
  const { t } = useTranslation();
  const user = useUser();
  const company = useCompany();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rid = user.resellerId ?? 0;
  const companies = useQuery(resellerQueries.companies(rid));
  const resellers = useQuery(resellerQueries.resellers(rid));
  const [editing, setEditing] = useState<CompanyRecord | null | "new">(null);
  const [choosing, setChoosing] = useState<number | null>(null);
  const rows = useMemo(() => Object.values(companies.data ?? {}), [companies.data]);
  const resellerList = useMemo(() => Object.values(resellers.data ?? {}), [resellers.data]);
  const resellerName = useMemo(() => new Map(resellerList.map((r) => [r.id, r.name])), [resellerList]);
  // A company created, edited or deleted changes the overview's counts too: every reseller query refetches.
  const reload = () => queryClient.invalidateQueries({ queryKey: resellerQueriesKey(rid) });

  const choose = async (row: CompanyRow) => {
    setChoosing(row.id);
    try {
      await company.choose(row.id);
      navigate("/");
    } finally {
      setChoosing(null);
    }
  };

  const columns: DataColumn<CompanyRow>[] = [
    {
      key: "name",
      header: t("company.name"),
      value: (r) => r.name,
      render: (r) => (
        <span data-testid="company-row">
          <Button
            variant={company.companyId === r.id ? "filled" : "subtle"}
            size="compact-sm"
            loading={choosing === r.id}
            leftSection={<IconLogin size={14} />}
            onClick={() => void choose(r)}
          >
            {r.name}
          </Button>
        </span>
      ),
    },
    {
      key: "state",
      header: t("company.stateLabel"),
      value: (r) => t(`company.state.${r.state}`),
      render: (r) => {
        const color = companyBadge(r.state);
        return color ? (
          <Badge color={color} variant="light">
            {t(`company.state.${r.state}`)}
          </Badge>
        ) : (
          <Text c="dimmed" size="sm">
            {t(`company.state.${r.state}`)}
          </Text>
        );
      },
    },
    {
      key: "reseller",
      header: t("companies.reseller"),
      value: (r) => resellerName.get(r.resellerId) ?? "",
    },
    { key: "email", header: t("users.email"), value: (r) => r.email },
    { key: "phone", header: t("users.phone"), value: (r) => r.phone },
    { key: "nif", header: t("companies.nif"), value: (r) => r.nif },
    {
      key: "vehicles",
      header: t("licences.vehicles"),
      value: (r) => licenceText(r.used.vehicles, r.licenses.vehicleTotal, t),
      render: (r) => <LicenceCell used={r.used.vehicles} total={r.licenses.vehicleTotal} t={t} />,
    },
    {
      key: "assets",
      header: t("licences.assets"),
      value: (r) => licenceText(r.used.assets, r.licenses.assetTotal, t),
      render: (r) => <LicenceCell used={r.used.assets} total={r.licenses.assetTotal} t={t} />,
    },
  ];
  const open: RowAction<CompanyRow> = {
    key: "open",
    label: t("company.select"),
    icon: <IconLogin size={16} />,
    onClick: (r) => void choose(r),
  };
  return (
    <div data-testid="companies-page">
      {rid ? <ResellerOverview resellerId={rid} /> : null}
      {rid ? <ResellerTwoFactorCard resellerId={rid} /> : null}
      <CrudPage
        name="companies"
        title={t("routes.companies")}
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        loading={companies.isPending}
        label={(r) => r.name}
        extraActions={[open]}
        onNew={() => setEditing("new")}
        onEdit={async (r) => {
          const full = await send(() =>
            api.call(
              companiesAdminApi.get,
              { params: { resellerId: rid, companyId: r.id } },
              { quiet: true },
            ),
          );
          if (full.ok) setEditing(full.value);
        }}
        onDelete={async (r) => {
          const res = await send(() =>
            api.call(
              companiesAdminApi.remove,
              { params: { resellerId: rid, companyId: r.id } },
              { quiet: true },
            ),
          );
          await reload();
          return res.ok;
        }}
      />
      {editing !== null ? (
        <CompanyForm
          row={editing === "new" ? null : editing}
          resellers={resellerList}
          defaultReseller={rid}
          send={(body) =>
            editing === "new"
              ? api.call(companiesAdminApi.create, { params: { resellerId: rid }, body }, { quiet: true })
              : api.call(
                  companiesAdminApi.update,
                  { params: { resellerId: rid, companyId: editing.id }, body },
                  { quiet: true },
                )
          }
          onClose={() => setEditing(null)}
          onSaved={reload}
        />
      ) : null}
    </div>
  );
}
