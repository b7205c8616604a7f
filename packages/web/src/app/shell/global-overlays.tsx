import { Button, Code, Group, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconLock } from "@tabler/icons-react";
import { RESTRICTION_LOGOUT_MS } from "@vigia/domain";
import { useCallback, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { clientHooks } from "../../platform/api/instance.ts";
import { uiStore, useUiState } from "../../platform/overlays/ui-store.ts";
import { useSession } from "../../platform/session/session.ts";

/**
 * Overlays any screen can trigger through the API client: the restriction modal, the API error dialog,
 * and the error toast. Mounted once at the root, inside the router and the session.
 */
export function GlobalOverlays() {
  const { t } = useTranslation();
  const { restriction, apiError } = useUiState();
  const { logout } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    clientHooks.restricted = uiStore.openRestriction;
    clientHooks.failed = (error) =>
      notifications.show({
        color: "red",
        title:
          error.code === "offline"
            ? t("errors.offlineTitle")
            : t("errors.toastTitle", { status: error.status }),
        message: apiErrorText(error, t),
        autoClose: 6000,
      });
  }, [t]);

  const closeRestriction = useCallback(async () => {
    uiStore.closeRestriction();
    await logout();
    navigate("/login", { replace: true });
  }, [logout, navigate]);

  // The restriction modal signs the user out on its own after 10 s.
  useEffect(() => {
    if (!restriction) return;
    const timer = setTimeout(() => void closeRestriction(), RESTRICTION_LOGOUT_MS);
    return () => clearTimeout(timer);
  }, [restriction, closeRestriction]);

  return (
    <>
      <Modal
        opened={restriction !== null}
        onClose={() => void closeRestriction()}
        centered
        title={t("restriction.title")}
        data-testid="restriction-modal"
      >
        <Stack align="center" gap="sm">
          <ThemeIcon size={52} radius={52} color="orange" variant="light">
            <IconLock size={28} />
          </ThemeIcon>
          <Text ta="center">
            {restriction === "fromip" ? t("restriction.fromip") : t("restriction.timerange")}
          </Text>
          <Button onClick={() => void closeRestriction()}>{t("common.accept")}</Button>
        </Stack>
      </Modal>
      <Modal
        opened={apiError !== null}
        onClose={uiStore.closeApiError}
        centered
        title={t("errors.dialogTitle")}
      >
        {apiError ? (
          <Stack gap="sm">
            <Text>{apiErrorText(apiError, t)}</Text>
            {apiError.status > 0 ? <Code block>{apiError.url}</Code> : null}
            <Group justify="flex-end">
              <Button onClick={uiStore.closeApiError}>{t("common.accept")}</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
