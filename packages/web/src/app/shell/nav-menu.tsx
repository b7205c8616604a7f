import { Box, Button, Divider, NavLink, Stack, Text, Tooltip } from "@mantine/core";
import { IconArrowsExchange, IconHeadset, IconInfoCircle } from "@tabler/icons-react";
import { isResellerOrHigher, type MenuSection, menuRoutes, type RouteDef } from "@vigia/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { useCompany } from "../../platform/company/index.ts";
import { useUser } from "../../platform/session/session.ts";
import { iconFor, linkFor } from "./route-icons.tsx";

interface Props {
  collapsed: boolean;
  onNavigate(): void;
  onOpenInfo(): void;
  onOpenSupport(): void;
}

const COMPANY_SECTIONS: MenuSection[] = ["top", "management", "places", "maintenance", "reports"];

/** The left menu, built from the domain route table (`menuRoutes`) for the user's role. */
export function NavMenu({ collapsed, onNavigate, onOpenInfo, onOpenSupport }: Props) {
  const { t } = useTranslation();
  const user = useUser();
  const company = useCompany();
  const navigate = useNavigate();
  const reseller = isResellerOrHigher(user.role);
  const hasCompany = company.companyId !== null && company.info !== null;
  const supports = company.info?.conf.supports ?? [];

  const entries = (section: MenuSection) =>
    menuRoutes(user.role, section).map((route) => (
      <MenuLink key={route.key} route={route} collapsed={collapsed} onNavigate={onNavigate} />
    ));

  return (
    <Stack gap={2} data-testid="nav-menu">
      {reseller ? (
        <Section title={t("nav.sections.super")} collapsed={collapsed} testId="super-menu">
          {entries("super")}
          {hasCompany && !collapsed ? (
            <Box px="xs" py={6}>
              <Text size="xs" c="dimmed">
                {t("company.current")}
              </Text>
              <Text size="sm" fw={600} truncate>
                {company.info?.name}
              </Text>
              <Button
                mt={6}
                size="compact-xs"
                variant="light"
                leftSection={<IconArrowsExchange size={14} />}
                onClick={() => void company.clear().then(() => navigate("/companies"))}
              >
                {t("company.change")}
              </Button>
            </Box>
          ) : null}
        </Section>
      ) : null}
      {hasCompany
        ? COMPANY_SECTIONS.map((section) => {
            const links = entries(section);
            if (links.length === 0) return null;
            return (
              <Section
                key={section}
                title={t(`nav.sections.${section}`)}
                collapsed={collapsed}
                hideTitle={section === "top"}
              >
                {links}
              </Section>
            );
          })
        : null}
      <Section title={t("nav.sections.help")} collapsed={collapsed}>
        {hasCompany && supports.length > 0 ? (
          <ActionLink
            icon={<IconHeadset size={18} />}
            label={t("nav.support")}
            collapsed={collapsed}
            onClick={onOpenSupport}
          />
        ) : null}
        {hasCompany ? entries("help") : null}
        <ActionLink
          icon={<IconInfoCircle size={18} />}
          label={t("nav.about")}
          collapsed={collapsed}
          onClick={onOpenInfo}
          testId="about"
        />
      </Section>
    </Stack>
  );
}

function Section(props: {
  title: string;
  collapsed: boolean;
  hideTitle?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box mb={6} data-testid={props.testId}>
      {props.collapsed ? (
        <Divider my={6} />
      ) : props.hideTitle ? null : (
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" pt="sm" pb={4} lts={0.4}>
          {props.title}
        </Text>
      )}
      {props.children}
    </Box>
  );
}

function MenuLink({
  route,
  collapsed,
  onNavigate,
}: {
  route: RouteDef;
  collapsed: boolean;
  onNavigate(): void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const Icon = iconFor(route.key);
  const to = linkFor(route.path);
  const label = t(`routes.${route.key}`);
  const link = (
    <NavLink
      component={Link}
      to={to}
      onClick={onNavigate}
      active={pathname === to}
      label={collapsed ? undefined : label}
      aria-label={label}
      leftSection={<Icon size={18} stroke={1.6} />}
      variant="light"
      style={{ borderRadius: 6 }}
      data-testid={`menu-${route.key}`}
    />
  );
  return collapsed ? (
    <Tooltip label={label} position="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}

function ActionLink(props: {
  icon: ReactNode;
  label: string;
  collapsed: boolean;
  onClick(): void;
  testId?: string;
}) {
  const link = (
    <NavLink
      component="button"
      onClick={props.onClick}
      label={props.collapsed ? undefined : props.label}
      aria-label={props.label}
      leftSection={props.icon}
      style={{ borderRadius: 6 }}
      data-testid={props.testId}
    />
  );
  return props.collapsed ? (
    <Tooltip label={props.label} position="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}
