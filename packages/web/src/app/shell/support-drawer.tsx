import {
  Anchor,
  Avatar,
  Drawer,
  Image,
  Modal,
  Stack,
  Table,
  Tabs,
  Text,
  UnstyledButton,
} from "@mantine/core";
import type { SupportContact } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCompany } from "../../platform/company/index.ts";

/** Support contacts of the company, one tab each, sliding in from the left. */
export function SupportDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const supports = useCompany().info?.conf.supports ?? [];
  const [photo, setPhoto] = useState<SupportContact | null>(null);
  const first = supports[0];

  return (
    <Drawer opened={opened} onClose={onClose} position="left" title={t("support.title")} size="md">
      {first ? (
        <Tabs defaultValue={String(first.id)}>
          <Tabs.List>
            {supports.map((s) => (
              <Tabs.Tab key={s.id} value={String(s.id)}>
                {s.name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {supports.map((s) => (
            <Tabs.Panel key={s.id} value={String(s.id)} pt="md">
              <Stack align="center" gap="xs">
                <UnstyledButton onClick={() => setPhoto(s)} aria-label={t("support.enlarge")}>
                  <Avatar src={s.photoUrl || null} size={96} radius={96} name={s.name} color="initials" />
                </UnstyledButton>
                <Text fw={600} size="lg">
                  {s.name}
                </Text>
              </Stack>
              <Table mt="md" variant="vertical" layout="fixed">
                <Table.Tbody>
                  <Row
                    label={t("support.helpline")}
                    value={s.helpline}
                    href={s.helpline && `tel:${s.helpline}`}
                  />
                  <Row label={t("support.email")} value={s.email} href={s.email && `mailto:${s.email}`} />
                  <Row label={t("support.mobile")} value={s.mobile} href={s.mobile && `tel:${s.mobile}`} />
                  <Row
                    label="WhatsApp"
                    value={s.whatsapp}
                    href={s.whatsapp && `https://wa.me/${s.whatsapp.replace(/[^0-9]/g, "")}`}
                  />
                  <Row label={t("support.notes")} value={s.description} />
                </Table.Tbody>
              </Table>
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        <Text c="dimmed">{t("support.none")}</Text>
      )}
      <Modal opened={photo !== null} onClose={() => setPhoto(null)} title={photo?.name} centered size="auto">
        {photo?.photoUrl ? <Image src={photo.photoUrl} mah="70vh" fit="contain" alt={photo.name} /> : null}
      </Modal>
    </Drawer>
  );
}

function Row({ label, value, href }: { label: string; value: string; href?: string }) {
  if (!value) return null;
  return (
    <Table.Tr>
      <Table.Th w={110}>{label}</Table.Th>
      <Table.Td>
        {href ? (
          <Anchor href={href} target={href.startsWith("http") ? "_blank" : undefined} rel="noreferrer">
            {value}
          </Anchor>
        ) : (
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
            {value}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
