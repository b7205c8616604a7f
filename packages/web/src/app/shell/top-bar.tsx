import { ActionIcon, Badge, Box, Burger, Group, Image, Text, Tooltip } from "@mantine/core";
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from "@tabler/icons-react";
import { companyBadge } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { TimezoneSelect } from "../../kit/pickers/timezone-select.tsx";
import { siteLogo } from "../../kit/site-logo.ts";
import { useCompany } from "../../platform/company/index.ts";
import { useSession } from "../../platform/session/session.ts";
import type { FrameSlot } from "../slots.tsx";
import { UserMenu } from "./user-menu.tsx";

interface Props {
  mobileOpened: boolean;
  onToggleMobile(): void;
  collapsed: boolean;
  onToggleCollapsed(): void;
  /** Feature items (the alarm bell…) registered in app/slots.tsx, shown while a company is loaded. */
  items: readonly FrameSlot[];
}

export function TopBar({ mobileOpened, onToggleMobile, collapsed, onToggleCollapsed, items }: Props) {
  const { t } = useTranslation();
  const { site } = useSession();
  const { info, companyId } = useCompany();
  const state = info?.state.current;
  const badge = state ? companyBadge(state.value) : null;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={mobileOpened}
          onClick={onToggleMobile}
          hiddenFrom="sm"
          size="sm"
          aria-label={t("nav.menu")}
        />
        <Tooltip label={collapsed ? t("nav.expand") : t("nav.collapse")}>
          <ActionIcon
            variant="subtle"
            color="gray"
            visibleFrom="sm"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? t("nav.expand") : t("nav.collapse")}
          >
            {collapsed ? (
              <IconLayoutSidebarLeftExpand size={20} />
            ) : (
              <IconLayoutSidebarLeftCollapse size={20} />
            )}
          </ActionIcon>
        </Tooltip>
        <Link to="/" style={{ display: "flex" }}>
          <Image src={siteLogo(site.logoUrl)} h={32} w="auto" alt={site.sitename} />
        </Link>
        {info ? (
          <Group gap={8} wrap="nowrap" miw={0} visibleFrom="xs">
            <Box w={1} h={24} bg="gray.3" />
            <Text fw={600} truncate data-testid="company-name">
              {info.name}
            </Text>
            {badge && state ? (
              <Badge color={badge} variant="light" data-testid="company-badge">
                {t(`company.state.${state.value}`, { defaultValue: state.name })}
              </Badge>
            ) : null}
          </Group>
        ) : null}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Box visibleFrom="md" w={230}>
          <TimezoneSelect />
        </Box>
        {companyId !== null && info ? items.map(({ id, Component }) => <Component key={id} />) : null}
        <UserMenu />
      </Group>
    </Group>
  );
}
