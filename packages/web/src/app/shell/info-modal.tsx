import { Anchor, Button, Code, Collapse, Group, Image, Modal, Stack, Tabs, Text } from "@mantine/core";
import { IconBrandApple, IconBrandGooglePlay, IconDeviceMobile, IconDownload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { APP_VERSION, WORKER_APP_PATH } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QrImage } from "../../kit/qr/qr-image.tsx";
import { siteLogo } from "../../kit/site-logo.ts";
import { useSession } from "../../platform/session/session.ts";
import { changeLogQuery } from "./api.ts";

export function InfoModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { site } = useSession();
  const [showLog, setShowLog] = useState(false);
  const webLog = useQuery({ ...changeLogQuery("changelog", i18n.language), enabled: opened });
  const appLog = useQuery({
    ...changeLogQuery("app-changelog", i18n.language),
    enabled: opened && !site.apps.changelog,
  });
  const { apps } = site;
  const webAppUrl = `${window.location.origin}${WORKER_APP_PATH}`;
  const hasLinks = !!(apps.playStoreUrl || apps.appStoreUrl || apps.apkUrl || apps.ipaUrl);

  return (
    <Modal opened={opened} onClose={onClose} title={t("info.title")} size="lg" centered>
      <Tabs defaultValue="web">
        <Tabs.List>
          <Tabs.Tab value="web">{t("info.web")}</Tabs.Tab>
          <Tabs.Tab value="apps">{t("info.apps")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="web" pt="md">
          <Stack align="center" gap="xs">
            <Image src={siteLogo(site.logoUrl)} h={44} w="auto" alt={site.sitename} />
            <Text size="sm" c="dimmed" data-testid="app-version">
              {t("info.version", { version: APP_VERSION })}
            </Text>
            <Button variant="subtle" size="xs" onClick={() => setShowLog((v) => !v)}>
              {showLog ? t("info.hideChangelog") : t("info.showChangelog")}
            </Button>
          </Stack>
          <Collapse expanded={showLog}>
            <ChangeLog text={webLog.data} failed={webLog.isError} />
          </Collapse>
        </Tabs.Panel>
        <Tabs.Panel value="apps" pt="md">
          <Stack gap="sm">
            <Text fw={600}>{t("info.workerApp")}</Text>
            {/* The installable web app served by this platform: nothing to publish, always there. */}
            <Group align="center" wrap="nowrap">
              <QrImage value={webAppUrl} size={120} alt={webAppUrl} testId="web-app-qr" />
              <Stack gap={4}>
                <Anchor href={webAppUrl} target="_blank" data-testid="web-app-link">
                  <IconDeviceMobile size={16} /> {t("info.openWebApp")}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {t("info.webAppQr")}
                </Text>
              </Stack>
            </Group>
            {hasLinks ? (
              <Group>
                {(
                  [
                    [apps.playStoreUrl, <IconBrandGooglePlay key="play" size={18} />, "Google Play"],
                    [apps.appStoreUrl, <IconBrandApple key="apple" size={18} />, "App Store"],
                  ] as const
                ).map(([href, icon, store]) =>
                  href ? (
                    <Button
                      key={store}
                      component="a"
                      href={href}
                      target="_blank"
                      rel="noreferrer"
                      leftSection={icon}
                      variant="default"
                    >
                      {store}
                    </Button>
                  ) : null,
                )}
                {(
                  [
                    [apps.apkUrl, t("info.downloadApk")],
                    [apps.ipaUrl, t("info.downloadIpa")],
                  ] as const
                ).map(([href, label]) =>
                  href ? (
                    <Anchor key={label} href={href} size="sm">
                      <IconDownload size={14} /> {label}
                    </Anchor>
                  ) : null,
                )}
              </Group>
            ) : (
              // Greyed-out store buttons read as broken: say plainly that nothing is published yet.
              <Text size="sm" c="dimmed" data-testid="no-app-links">
                {t("info.noAppLinks")}
              </Text>
            )}
            <Text fw={600} size="sm">
              {t("info.appChangelog")}
            </Text>
            {apps.changelog ? (
              <ChangeLog text={apps.changelog} failed={false} />
            ) : (
              <ChangeLog text={appLog.data} failed={appLog.isError} />
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}

function ChangeLog({ text, failed }: { text: string | undefined; failed: boolean }) {
  const { t } = useTranslation();
  if (failed) return <Text c="dimmed">{t("info.changelogUnavailable")}</Text>;
  return (
    <Code
      block
      mt="sm"
      mah={260}
      style={{ overflow: "auto", whiteSpace: "pre-wrap" }}
      data-testid="changelog"
    >
      {text ?? "…"}
    </Code>
  );
}
