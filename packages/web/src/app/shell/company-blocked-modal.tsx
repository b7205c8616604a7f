import { Button, Group, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconBuildingOff } from "@tabler/icons-react";
import { companyBlockedModal, isResellerOrHigher } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { useCompany } from "../../platform/company/index.ts";
import { uiStore, useUiState } from "../../platform/overlays/ui-store.ts";
import { useSession } from "../../platform/session/session.ts";
import { useSignOut } from "./use-sign-out.ts";

/** Suspended (3) or deactivated (4) company: static modal whose only way out is signing out. */
export function CompanyBlockedModal() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { info } = useCompany();
  const { companyBlocked } = useUiState();
  const kind = info ? companyBlockedModal(info.state.current.value) : null;
  // Resellers must still be able to open a blocked company to manage it. A browser left open learns of the
  // suspension from the first call the server refuses.
  const opened = (kind !== null || companyBlocked) && user !== null && !isResellerOrHigher(user.role);
  const accept = useSignOut(uiStore.clearCompanyBlocked);
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      data-testid="company-blocked-modal"
    >
      <Stack align="center" gap="sm" py="sm">
        <ThemeIcon size={56} radius={56} color="red" variant="light">
          <IconBuildingOff size={30} />
        </ThemeIcon>
        <Text fw={700} size="lg">
          {kind === "deactivated" ? t("company.deactivatedTitle") : t("company.suspendedTitle")}
        </Text>
        <Text ta="center" c="dimmed">
          {t("company.contactProvider")}
        </Text>
        <Group justify="center" mt="sm">
          <Button onClick={accept} data-testid="company-blocked-accept">
            {t("common.accept")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
