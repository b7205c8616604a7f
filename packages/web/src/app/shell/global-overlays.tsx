import { Button, Code, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconLock } from "@tabler/icons-react";
import { RESTRICTION_LOGOUT_MS } from "@vigia/domain";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { NoticeModal } from "../../kit/dialogs/notice-modal.tsx";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { clientHooks } from "../../platform/api/instance.ts";
import { uiStore, useUiState } from "../../platform/overlays/ui-store.ts";
import { useSignOut } from "./use-sign-out.ts";

/**
 * Overlays any screen can trigger through the API client: the restriction modal, the API error dialog,
 * and the error toast. Mounted once at the root, inside the router and the session.
 */
export function GlobalOverlays() {
  const { t } = useTranslation();
  const { restriction, apiError } = useUiState();

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

  const closeRestriction = useSignOut(uiStore.closeRestriction);

  // The restriction modal signs the user out on its own after 10 s.
  useEffect(() => {
    if (!restriction) return;
    const timer = setTimeout(() => void closeRestriction(), RESTRICTION_LOGOUT_MS);
    return () => clearTimeout(timer);
  }, [restriction, closeRestriction]);

  return (
    <>
      <NoticeModal
        opened={restriction !== null}
        onClose={() => void closeRestriction()}
        title={t("restriction.title")}
        icon={<IconLock size={28} />}
        text={restriction === "fromip" ? t("restriction.fromip") : t("restriction.timerange")}
        testId="restriction-modal"
      >
        <Button onClick={() => void closeRestriction()}>{t("common.accept")}</Button>
      </NoticeModal>
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
