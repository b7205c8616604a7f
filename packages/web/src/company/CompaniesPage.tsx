import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { IconBuilding, IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type CompanySummary, companyBadge, companySummarySchema } from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { api } from "../api/instance.ts";
import { useUser } from "../session/session.ts";
import { useCompany } from "./company.ts";
import { resellerCompaniesSchema, resellerQueryKey } from "./resellerLoad.ts";

/**
 * /companies for reseller-level users: pick the company to work in. A plain list is enough for the frame;
 * the full company management table is a later issue.
 */
export function CompaniesPage() {
  const { t } = useTranslation();
  const user = useUser();
  const company = useCompany();
  const navigate = useNavigate();
  const [filter, setFilter] = useState("");
  const [choosing, setChoosing] = useState<number | null>(null);
  const resellerId = user.resellerId ?? 0;
  const companies = useQuery({
    queryKey: resellerQueryKey(resellerId, "companies"),
    queryFn: () => api.get(`resellers/id/${resellerId}/companies`, { schema: resellerCompaniesSchema }),
  });

  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return Object.values(companies.data ?? {})
      .filter((c) => needle === "" || c.name.toLowerCase().includes(needle))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [companies.data, filter]);

  const choose = async (row: CompanySummary) => {
    setChoosing(row.id);
    try {
      await company.choose(row.id);
      navigate("/");
    } finally {
      setChoosing(null);
    }
  };

  return (
    <Stack gap="md" data-testid="companies-page">
      <Group justify="space-between">
        <Title order={3}>{t("routes.companies")}</Title>
        <TextInput
          placeholder={t("common.search")}
          leftSection={<IconSearch size={16} />}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          w={260}
        />
      </Group>
      <Paper withBorder p={0}>
        <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("company.name")}</Table.Th>
              <Table.Th>{t("company.stateLabel")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const color = companyBadge(row.state);
              return (
                <Table.Tr key={row.id} data-testid="company-row">
                  <Table.Td>
                    <Group gap="xs">
                      <IconBuilding size={16} color="var(--mantine-color-gray-6)" />
                      <Text fw={500}>{row.name}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {color ? (
                      <Badge color={color} variant="light">
                        {t(`company.state.${row.state}`)}
                      </Badge>
                    ) : (
                      <Text c="dimmed" size="sm">
                        {t(`company.state.${row.state}`)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant={company.companyId === row.id ? "filled" : "light"}
                      loading={choosing === row.id}
                      onClick={() => void choose(row)}
                    >
                      {company.companyId === row.id ? t("company.open") : t("company.select")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {companies.isSuccess && rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text c="dimmed" ta="center" py="lg">
                    {t("common.noResults")}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {companies.isPending ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text c="dimmed" ta="center" py="lg">
                    {t("common.loading")}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
