import {
  Anchor,
  Avatar,
  Box,
  Button,
  Divider,
  Group,
  Popover,
  Stack,
  Tabs,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useDisclosure, useMediaQuery, useWindowEvent } from "@mantine/hooks";
import { IconChevronDown, IconLogout, IconUser, IconUserExclamation } from "@tabler/icons-react";
import { type LoginHistory, NARROW_SCREEN_PX } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { saveProfileLanguage } from "../../features/profile/index.ts";
import { formatDateTime } from "../../kit/format/date.ts";
import { LanguageSelect } from "../../kit/pickers/language-select.tsx";
import { TimezoneSelect } from "../../kit/pickers/timezone-select.tsx";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { useSession, useUser } from "../../platform/session/session.ts";
import { FailedLoginsModal, failedLoginCount } from "./failed-logins-modal.tsx";
import { useSignOut } from "./use-sign-out.ts";

type Channel = keyof LoginHistory;

/** The user dropdown of the top bar. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useUser();
  const { setUser } = useSession();
  const navigate = useNavigate();
  const [opened, menu] = useDisclosure(false);
  const [failsOpened, fails] = useDisclosure(false);
  // The popover closes on Escape only while focus is inside it; after a click on the button focus stays there.
  useWindowEvent("keydown", (event) => {
    if (opened && event.key === "Escape") menu.close();
  });
  // Under 500 px the dropdown is no longer pinned to the end of the bar: it centres under the button.
  const narrow = useMediaQuery(`(max-width: ${NARROW_SCREEN_PX}px)`);
  const webFailed = (user.login.front.last?.fail.length ?? 0) > 0;
  const failCount = failedLoginCount(user.login);
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;

  const go = (path: string) => {
    menu.close();
    navigate(path);
  };
  const signOut = useSignOut(menu.close);

  return (
    <>
      <Popover
        opened={opened}
        onChange={(o) => (o ? menu.open() : menu.close())}
        position={narrow ? "bottom" : "bottom-end"}
        width={340}
        shadow="md"
        withinPortal
      >
        <Popover.Target>
          <UnstyledButton onClick={menu.toggle} data-testid="user-menu" aria-label={t("user.menu")}>
            <Group gap={8} wrap="nowrap">
              <Avatar radius="xl" size={32} color={webFailed ? "red" : "blue"} data-testid="user-icon">
                {webFailed ? <IconUserExclamation size={18} /> : <IconUser size={18} />}
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="xs" truncate maw={180}>
                {fullName}
              </Text>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Popover.Target>
        <Popover.Dropdown p="sm">
          <Stack gap="sm">
            <Box>
              <Text fw={600}>{fullName}</Text>
              <Text size="xs" c="dimmed">
                {user.email} · {t(`roles.${user.role}`)}
              </Text>
            </Box>
            <Tabs defaultValue="front" variant="outline">
              <Tabs.List grow>
                <Tabs.Tab value="front">{t("user.web")}</Tabs.Tab>
                <Tabs.Tab value="app">{t("user.app")}</Tabs.Tab>
              </Tabs.List>
              {(["front", "app"] as Channel[]).map((channel) => (
                <Tabs.Panel key={channel} value={channel} pt="xs">
                  <AccessLines history={user.login} channel={channel} />
                </Tabs.Panel>
              ))}
            </Tabs>
            {failCount > 0 ? (
              <Anchor
                component="button"
                size="sm"
                c="red"
                onClick={fails.open}
                data-testid="failed-logins-link"
              >
                {t("user.failedLogins", { count: failCount })}
              </Anchor>
            ) : null}
            <Divider />
            <LanguageSelect
              label={t("topbar.language")}
              portal={false}
              onChanged={(language) => {
                // Read-only accounts or a lost connection keep the switch local to this browser.
                saveProfileLanguage(user, language).then(setUser, () => undefined);
              }}
            />
            <Box hiddenFrom="md">
              <TimezoneSelect label={t("topbar.timezone")} portal={false} />
            </Box>
            <Divider />
            <Stack gap={6}>
              {[
                {
                  testId: "profile-link",
                  color: "gray",
                  icon: IconUser,
                  label: t("routes.profile"),
                  onClick: () => go("/profile"),
                },
                {
                  testId: "logout",
                  color: "red",
                  icon: IconLogout,
                  label: t("user.logout"),
                  onClick: signOut,
                },
              ].map(({ testId, color, icon: Icon, label, onClick }) => (
                <Button
                  key={testId}
                  variant="subtle"
                  color={color}
                  justify="flex-start"
                  leftSection={<Icon size={16} />}
                  onClick={onClick}
                  data-testid={testId}
                >
                  {label}
                </Button>
              ))}
            </Stack>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <FailedLoginsModal opened={failsOpened} onClose={fails.close} history={user.login} />
    </>
  );
}

function AccessLines({ history, channel }: { history: LoginHistory; channel: Channel }) {
  const { t } = useTranslation();
  const { timezone } = useTimezone();
  const { last, prev } = history[channel];
  const line = (label: string, entry: typeof last) => (
    <Group justify="space-between" gap={4} wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xs" ta="right">
        {entry ? `${formatDateTime(entry.ts, timezone)} · ${entry.ip}` : t("user.never")}
      </Text>
    </Group>
  );
  return (
    <Stack gap={4}>
      {line(t("user.currentAccess"), last)}
      {line(t("user.previousAccess"), prev)}
    </Stack>
  );
}
