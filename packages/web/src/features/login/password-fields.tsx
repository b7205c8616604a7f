import { List, PasswordInput, Stack, ThemeIcon } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { brokenPasswordRules, PASSWORD_RULES } from "./password-rules.ts";

interface Props {
  password: string;
  repeatPassword: string;
  onPassword(value: string): void;
  onRepeat(value: string): void;
  /** When given, the new password must differ from it. */
  oldPassword?: string;
}

/** New password with its repetition and a live checklist of the password rules. */
export function PasswordFields({ password, repeatPassword, onPassword, onRepeat, oldPassword }: Props) {
  const { t } = useTranslation();
  const broken = brokenPasswordRules({ oldPassword, password, repeatPassword });
  const rules = PASSWORD_RULES.filter((rule) => rule !== "password.sameAsOld" || oldPassword !== undefined);
  return (
    <Stack gap="sm">
      <PasswordInput
        label={t("password.new")}
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
        autoComplete="new-password"
        required
        data-testid="new-password"
      />
      <PasswordInput
        label={t("password.repeat")}
        value={repeatPassword}
        onChange={(e) => onRepeat(e.currentTarget.value)}
        autoComplete="new-password"
        required
        data-testid="repeat-password"
      />
      <List spacing={2} size="sm" center data-testid="password-rules">
        {rules.map((rule) => {
          const ok = password !== "" && !broken.has(rule);
          return (
            <List.Item
              key={rule}
              c={ok ? "teal.8" : "dimmed"}
              icon={
                <ThemeIcon
                  size={16}
                  radius="xl"
                  color={ok ? "teal" : "gray"}
                  variant={ok ? "filled" : "light"}
                >
                  {ok ? <IconCheck size={11} /> : <IconX size={11} />}
                </ThemeIcon>
              }
            >
              {t(`rules.${rule}`)}
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}

export function passwordEntriesValid(entries: {
  oldPassword?: string;
  password: string;
  repeatPassword: string;
}) {
  return brokenPasswordRules(entries).size === 0;
}
