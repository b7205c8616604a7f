import { Button, Group } from "@mantine/core";
import { IconHourglass } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { NoticeModal } from "../../kit/dialogs/notice-modal.tsx";

/** Opened when sign-in answers `expired.password;days:N`. */
export function ExpiredPasswordModal(props: {
  days: number | null;
  onClose(): void;
  onChange(): void;
  onReset(): void;
}) {
  const { t } = useTranslation();
  return (
    <NoticeModal
      opened={props.days !== null}
      onClose={props.onClose}
      title={t("login.expiredTitle")}
      icon={<IconHourglass size={28} />}
      text={t("login.expiredText", { count: props.days ?? 0 })}
      testId="expired-modal"
    >
      <Group mt="xs">
        <Button variant="default" onClick={props.onReset} data-testid="expired-reset">
          {t("login.resetPassword")}
        </Button>
        <Button onClick={props.onChange}>{t("login.changeNow")}</Button>
      </Group>
    </NoticeModal>
  );
}
