import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { IconCheck, IconCopy, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  allows,
  ITEM_TYPE,
  ITEM_TYPE_BY_KEY,
  SHARE_VALIDITIES,
  type ShareValidity,
  shareRoutesApi,
} from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../kit/format/date.ts";
import { ApiError } from "../../../platform/api/client.ts";
import { apiErrorText } from "../../../platform/api/error-text.ts";
import { api } from "../../../platform/api/instance.ts";
import { liveKey } from "../../../platform/live/store.ts";
import { useUser } from "../../../platform/session/session.ts";
import { sharedRoutesQuery } from "../api.ts";
import { TipIcon } from "./tip-icon.tsx";
import type { MapToolProps } from "./types.ts";

/** The public address of a shared link, on the origin the operator is using. */
export const sharedLinkUrl = (token: string): string => `${window.location.origin}/shareroute/${token}`;

/** Share route: pick items and a validity, get a revocable link; the company's active links. */
export function ShareRouteModal({ companyId, catalog, selected, timezone, onClose }: MapToolProps) {
  const { t } = useTranslation();
  const writable = allows(shareRoutesApi.create.access, useUser());
  const client = useQueryClient();
  const [keys, setKeys] = useState<string[]>(selected ? [selected] : []);
  const [validity, setValidity] = useState<ShareValidity>("1h");
  const [token, setToken] = useState<string | null>(null);
  const params = { companyId };
  const links = useQuery(sharedRoutesQuery(companyId));
  const create = useMutation({
    mutationFn: () =>
      api.call(
        shareRoutesApi.create,
        {
          params,
          body: {
            validity,
            items: catalog.ordered
              .filter((item) => keys.includes(item.key))
              .map((item) => ({ itemType: ITEM_TYPE_BY_KEY[item.kind], itemId: item.id })),
          },
        },
        { quiet: true },
      ),
    onSuccess: (link) => {
      setToken(link.token);
      void client.invalidateQueries({ queryKey: sharedRoutesQuery(companyId).queryKey });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) =>
      api.call(shareRoutesApi.revoke, { params: { companyId, id } }, { quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: sharedRoutesQuery(companyId).queryKey }),
  });
  const options = useMemo(
    () => catalog.ordered.map((item) => ({ value: item.key, label: item.name })),
    [catalog.ordered],
  );
  const nameOf = (itemType: 1 | 2 | 3, itemId: number) => {
    const kind =
      itemType === ITEM_TYPE.vehicle ? "vehicle" : itemType === ITEM_TYPE.asset ? "asset" : "person";
    return catalog.items.get(liveKey(kind, itemId))?.name ?? `#${itemId}`;
  };

  return (
    <Modal opened onClose={onClose} title={t("maptools.share.title")} size="lg" data-testid="share-modal">
      <Stack gap="sm">
        {/* Who may create and revoke links: the same rule the server enforces. */}
        {writable ? (
          <>
            <MultiSelect
              label={t("maptools.share.items")}
              data={options}
              value={keys}
              onChange={setKeys}
              searchable
              required
              comboboxProps={{ withinPortal: true }}
              data-testid="share-items"
            />
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t("maptools.share.validity")}
              </Text>
              <SegmentedControl
                fullWidth
                value={validity}
                onChange={(v) => setValidity(v as ShareValidity)}
                data={SHARE_VALIDITIES.map((v) => ({ value: v, label: t(`maptools.share.validities.${v}`) }))}
                data-testid="share-validity"
              />
            </div>
            {create.error && (
              <Alert color="red">
                {create.error instanceof ApiError ? apiErrorText(create.error, t) : String(create.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                onClick={() => create.mutate()}
                disabled={keys.length === 0}
                loading={create.isPending}
                data-testid="share-create"
              >
                {t("maptools.share.create")}
              </Button>
            </Group>
            {token && (
              <Alert color="teal" title={t("maptools.share.created")}>
                <Group gap="xs" wrap="nowrap">
                  <TextInput
                    readOnly
                    value={sharedLinkUrl(token)}
                    style={{ flex: 1 }}
                    data-testid="share-link"
                  />
                  <CopyButton value={sharedLinkUrl(token)}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? t("maptools.share.copied") : t("maptools.share.copy")}>
                        <ActionIcon variant="light" onClick={copy} aria-label={t("maptools.share.copy")}>
                          {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                </Group>
                <Text size="xs" c="dimmed" mt={4}>
                  {t("maptools.share.onlyOnce")}
                </Text>
              </Alert>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed" data-testid="share-read-only">
            {t("maptools.readOnlyUser")}
          </Text>
        )}
        <Text fw={600} size="sm" mt="sm">
          {t("maptools.share.active")}
        </Text>
        {links.data && links.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("maptools.share.none")}
          </Text>
        )}
        {links.data && links.data.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table striped data-testid="share-links">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("maptools.share.items")}</Table.Th>
                  <Table.Th>{t("maptools.share.expires")}</Table.Th>
                  <Table.Th>{t("maptools.share.by")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {links.data.map((link) => (
                  <Table.Tr key={link.id} data-testid={`share-link-${link.id}`}>
                    <Table.Td>{link.items.map((i) => nameOf(i.itemType, i.itemId)).join(", ")}</Table.Td>
                    <Table.Td>{formatDateTime(link.expiresTs, timezone)}</Table.Td>
                    <Table.Td>{link.createdBy}</Table.Td>
                    <Table.Td>
                      {writable && (
                        <TipIcon
                          label={t("maptools.share.revoke")}
                          color="red"
                          variant="subtle"
                          loading={revoke.isPending && revoke.variables === link.id}
                          onClick={() => revoke.mutate(link.id)}
                          data-testid={`share-revoke-${link.id}`}
                        >
                          <IconTrash size={16} />
                        </TipIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Modal>
  );
}
