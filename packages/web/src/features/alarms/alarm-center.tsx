import {
  ActionIcon,
  CloseButton,
  Group,
  Indicator,
  Paper,
  Stack,
  Switch,
  Text,
  Tooltip,
} from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { type AlarmLog, isResellerOrHigher, latestStorableTs, showsAlarmToast } from "@vigia/domain";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../platform/api/client.ts";
import { useCompany } from "../../platform/company/index.ts";
import { useAtom } from "../../platform/live/atom.ts";
import { liveConnected, onLiveMessage } from "../../platform/live/live-client.ts";
import { uiStore } from "../../platform/overlays/ui-store.ts";
import { useSession } from "../../platform/session/session.ts";
import { AlarmPanel } from "./alarm-panel.tsx";
import { saveAlarmSound } from "./alarm-sound.ts";
import classes from "./alarms.module.css";
import {
  center,
  closeToast,
  loadLogs,
  openModal,
  openPanel,
  receive,
  showToast,
  TOAST_MS,
} from "./center.ts";
import { playHorn } from "./horn.ts";
import { unseenCount } from "./logic.ts";
import { usePlaceAddress } from "./place-address.ts";
import { PositionModal } from "./position-modal.tsx";

/** Without the live channel (it runs with the map), the notices are refreshed this often. */
const POLL_MS = 30_000;

/** The top-bar bell: red and ringing while unseen notices exist; opens the right-hand panel. */
export function AlarmBell() {
  const { t } = useTranslation();
  const state = useAtom(center);
  const unseen = unseenCount(state.logs.values());
  return (
    <Tooltip label={t("alarms.bell", { count: unseen })}>
      <Indicator
        disabled={unseen === 0}
        label={unseen > 99 ? "99+" : unseen}
        size={16}
        color="red"
        offset={6}
      >
        <ActionIcon
          variant={unseen > 0 ? "light" : "subtle"}
          color={unseen > 0 ? "red" : "gray"}
          size="lg"
          aria-label={t("topbar.alarms")}
          data-testid="alarm-bell"
          data-unseen={unseen}
          className={unseen > 0 ? classes.ringing : undefined}
          onClick={() => openPanel(!state.panelOpen)}
        >
          <IconBell size={20} stroke={1.6} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

/** Keeps the notices of the loaded company current, raises toasts, and hosts the panel and modals. */
export function AlarmCenter() {
  const { companyId, info } = useCompany();
  const { user } = useSession();
  const connected = useAtom(liveConnected);
  const loaded = companyId !== null && info !== null;

  // Notices loaded once for this company: later loads treat ids not in it as arrivals (toast).
  const baseline = useRef<number | null>(null);

  useEffect(() => {
    if (!loaded || !user) return;
    const reseller = isResellerOrHigher(user.role);
    const arrived = (logs: AlarmLog[]) => {
      const mine = logs.filter((l) => showsAlarmToast(l, { email: user.email, reseller }));
      const last = mine.at(-1);
      if (!last) return;
      showToast(last);
      if (user.config.alarmFrontSound) playHorn();
    };
    // Device clocks may run ahead, so automatic loads look as far past now as the server stores.
    const refresh = () => {
      const first = baseline.current !== companyId;
      const known = new Set(center.get().logs.keys());
      const range = {
        ...center.get().range,
        to: Math.max(center.get().range.to, latestStorableTs(Date.now())),
      };
      void loadLogs(companyId, range)
        .then((list) => {
          baseline.current = companyId;
          if (!first) arrived(list.filter((l) => !known.has(l.id)).sort((a, b) => a.id - b.id));
        })
        .catch(() => undefined);
    };
    const stop = onLiveMessage((message) => {
      if (message.type.startsWith("alarmlog")) arrived(receive(message));
    });
    // On (re)connecting, catch up with what arrived while the channel was down; without it, poll.
    refresh();
    if (connected) return stop;
    const timer = setInterval(refresh, POLL_MS);
    return () => {
      stop();
      clearInterval(timer);
    };
  }, [loaded, companyId, user, connected]);

  if (!loaded) return null;
  return (
    <>
      <AlarmPanel companyId={companyId} />
      <PositionModal companyId={companyId} />
      <AlarmToast companyId={companyId} />
    </>
  );
}

/** Bottom-right toast for a live notice: name, event, item and its address, with the sound switch. */
function AlarmToast({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { toast } = useAtom(center);
  const toastId = toast?.id ?? null;
  // A toast nobody closes goes by itself; a newer notice starts its own time.
  useEffect(() => {
    if (toastId === null) return;
    const timer = setTimeout(() => {
      if (center.get().toast?.id === toastId) closeToast();
    }, TOAST_MS);
    return () => clearTimeout(timer);
  }, [toastId]);
  const pos = toast?.data.pos ?? null;
  const address = usePlaceAddress(companyId, pos);
  if (!toast || !user) return null;
  return (
    <Paper className={classes.toast} shadow="lg" withBorder p="sm" data-testid="alarm-toast" role="alert">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ cursor: "pointer", minWidth: 0 }} onClick={() => openModal(toast.id)}>
          <Text fw={700} c="red" truncate>
            {toast.info.name}
          </Text>
          <Text size="sm">{t(`alarms.events.${toast.data.event}`, { defaultValue: toast.data.event })}</Text>
          <Text size="sm" c="dimmed" truncate>
            {toast.itemName}
            {toast.data.text ? ` · ${toast.data.text}` : ""}
          </Text>
          {pos ? (
            <Text size="xs" c="dimmed" data-testid="alarm-toast-place">
              {address ?? `${pos.lat.toFixed(5)},${pos.lng.toFixed(5)}`}
            </Text>
          ) : null}
        </Stack>
        <CloseButton aria-label={t("alarms.close")} onClick={closeToast} />
      </Group>
      <SoundSwitch />
    </Paper>
  );
}

/**
 * The user's alarm sound, saved on their account, not in this
 * browser: the switch shows the new value at once and goes back if the save fails.
 */
export function SoundSwitch() {
  const { t } = useTranslation();
  const { user, setUser } = useSession();
  const [saving, setSaving] = useState(false);
  if (!user) return null;
  const change = async (on: boolean) => {
    setUser({ ...user, config: { ...user.config, alarmFrontSound: on } });
    setSaving(true);
    try {
      setUser(await saveAlarmSound(user, on));
    } catch (error) {
      setUser(user);
      if (error instanceof ApiError) uiStore.openApiError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Switch
      mt="xs"
      size="xs"
      label={t("alarms.sound")}
      checked={user.config.alarmFrontSound}
      disabled={saving}
      onChange={(e) => void change(e.currentTarget.checked)}
      data-testid="alarm-sound"
    />
  );
}
