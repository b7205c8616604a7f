import { Box } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type Brand, brandsApi } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { CrudList } from "../../kit/crud/crud-list.tsx";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useUser } from "../../platform/session/session.ts";
import { brandsQuery } from "./api.ts";
import { BrandForm } from "./brand-form.tsx";

/**
 * /branding: the brands (white labels) of the reseller's tree, to create, edit and delete. The platform's own
 * brand is never deleted: the server says why, inside the delete confirmation.
 */
export function BrandingPage() {
  const { t } = useTranslation();
  const user = useUser();
  const resellerId = user.resellerId ?? 0;
  const queryClient = useQueryClient();
  const brands = useQuery(brandsQuery(resellerId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: brandsQuery(resellerId).queryKey });

  const columns: DataColumn<Brand>[] = [
    { key: "name", header: t("branding.name"), value: (b) => b.name },
    { key: "hosts", header: t("branding.hosts"), value: (b) => b.hosts.join(", ") },
    { key: "productName", header: t("branding.productName"), value: (b) => b.productName || b.name },
    {
      key: "assigned",
      header: t("branding.assigned"),
      value: (b) => (b.assigned || b.resellerId === null ? t("branding.yes") : t("branding.no")),
    },
    { key: "origin", header: t("branding.originColumn"), value: (b) => b.origin },
  ];

  return (
    <Box p="md">
      <CrudList
        intro={t("branding.intro")}
        name="brands"
        title={t("routes.branding")}
        rows={brands.data ?? []}
        columns={columns}
        loading={brands.isPending}
        writeAccess={brandsApi.update.access}
        label={(b) => b.name}
        remove={(b) => api.call(brandsApi.remove, { params: { resellerId, brandId: b.id } }, { quiet: true })}
        afterDelete={refresh}
        form={(row, close, readOnly) => (
          <BrandForm
            resellerId={resellerId}
            row={row}
            readOnly={readOnly}
            onClose={close}
            onSaved={refresh}
          />
        )}
      />
    </Box>
  );
}
