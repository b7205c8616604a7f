import { Button, Group, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconHourglass } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** Opened when sign-in answers `expired.password;days:N`. */
export function ExpiredPasswordModal(props: {
  days: number | null;
  onClose(): void;
  onChange(): void;
  onReset(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.days !== null}
      onClose={props.onClose}
      centered
      title={t("login.expiredTitle")}
      data-testid="expired-modal"
    >
      <Stack align="center" gap="sm">
        <ThemeIcon size={52} radius={52} color="orange" variant="light">
          <IconHourglass size={28} />
        </ThemeIcon>
        <Text ta="center">{t("login.expiredText", { count: props.days ?? 0 })}</Text>
        <Group mt="xs">
          <Button variant="default" onClick={props.onReset} data-testid="expired-reset">
            {t("login.resetPassword")}
          </Button>
          <Button onClick={props.onChange}>{t("login.changeNow")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
