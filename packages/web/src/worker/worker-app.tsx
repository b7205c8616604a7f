import {
  AppShell,
  Button,
  Center,
  createTheme,
  Group,
  Loader,
  MantineProvider,
  Select,
  Stack,
  Tabs,
  Text,
  Title,
} from "@mantine/core";
import { LANGUAGES, parsePairingFragment, siteApi, type WorkerPairing } from "@vigia/domain";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { isLanguage, LANGUAGE_NAMES, setLanguage } from "../platform/i18n/index.ts";
import type { PairingProblem, WorkerController } from "./controller.ts";
import type { FormsOutbox } from "./forms-outbox.ts";
import { FormsScreen } from "./forms-screen.tsx";
import { PairScreen } from "./pair-screen.tsx";
import { TasksScreen } from "./tasks-screen.tsx";
import { TrackScreen } from "./track-screen.tsx";

const theme = createTheme({ primaryColor: "blue", respectReducedMotion: true, defaultRadius: "md" });

/** The brand's name for this host (GET /site), for the header; the product's name until it answers. */
function useSiteName(): string {
  const [name, setName] = useState("Vigia");
  useEffect(() => {
    fetch(`/fr/v1${siteApi.get.path}`)
      .then((r) => r.json())
      .then((data: unknown) => {
        const site = siteApi.get.response.safeParse(data);
        if (site.success) {
          setName(site.data.sitename);
          document.title = site.data.sitename;
        }
      })
      .catch(() => undefined);
  }, []);
  return name;
}

/**
 * The worker app: pairs the phone as a device (from the QR link's fragment or typed), then tracks. A pairing link
 * opened on an already paired phone pairs it as the new device; the credential is then wiped from the address bar.
 */
export function WorkerApp({ controller, outbox }: { controller: WorkerController; outbox: FormsOutbox }) {
  const { t, i18n } = useTranslation();
  const state = useSyncExternalStore(controller.subscribe, controller.snapshot);
  const siteName = useSiteName();
  const [problem, setProblem] = useState<PairingProblem | null>(null);

  const pair = async (pairing: WorkerPairing) => {
    setProblem(await controller.pair(pairing));
  };
  /** The paired phone's screens, one tab each (its test id is `tab-<value>`). */
  const tabs = [
    {
      value: "track",
      label: t("app.tabs.track"),
      screen: () => <TrackScreen state={state} controller={controller} />,
    },
    {
      value: "tasks",
      label: t("app.tabs.tasks"),
      // Only shown once paired.
      screen: () => state.pairing && <TasksScreen pairing={state.pairing} />,
    },
    {
      value: "forms",
      label: t("appForms.tab"),
      screen: () => <FormsScreen outbox={outbox} position={() => controller.position()} />,
    },
  ];
  useEffect(() => {
    if (state.phase === "loading") return;
    const fromLink = () => {
      const pairing = parsePairingFragment(window.location.hash);
      if (pairing === null) return;
      history.replaceState(null, "", window.location.pathname);
      void pair(pairing);
    };
    fromLink();
    // A link opened while the app is already open only changes the fragment: no new page load.
    window.addEventListener("hashchange", fromLink);
    return () => window.removeEventListener("hashchange", fromLink);
  }, [state.phase]);

  return (
    <MantineProvider theme={theme}>
      <AppShell header={{ height: 52 }} padding="md">
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Title order={4} style={{ whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" }}>
              {siteName}
            </Title>
            <Select
              size="xs"
              w={120}
              aria-label={t("app.language")}
              data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
              value={i18n.language}
              onChange={(v) => {
                if (isLanguage(v)) setLanguage(v);
              }}
              allowDeselect={false}
            />
          </Group>
        </AppShell.Header>
        <AppShell.Main>
          <Stack maw={480} mx="auto">
            {state.phase === "loading" ? (
              <Center h={200}>
                <Loader />
              </Center>
            ) : state.phase === "unpaired" || !state.pairing ? (
              <PairScreen onPair={pair} problem={problem} />
            ) : (
              <>
                <Tabs defaultValue="track" keepMounted={false}>
                  <Tabs.List grow>
                    {tabs.map((tab) => (
                      <Tabs.Tab key={tab.value} value={tab.value} data-testid={`tab-${tab.value}`}>
                        {tab.label}
                      </Tabs.Tab>
                    ))}
                  </Tabs.List>
                  {tabs.map((tab) => (
                    <Tabs.Panel key={tab.value} value={tab.value} pt="md">
                      {tab.screen()}
                    </Tabs.Panel>
                  ))}
                </Tabs>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" c="dimmed" data-testid="paired-device">
                    {t("app.device")}: {state.pairing.deviceId}
                  </Text>
                  <Button variant="subtle" size="xs" color="gray" onClick={() => void controller.unpair()}>
                    {t("app.unpair")}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </AppShell.Main>
      </AppShell>
    </MantineProvider>
  );
}
