import { List, PasswordInput, Stack, ThemeIcon } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { brokenPasswordRules, PASSWORD_RULES } from "./password-rules.ts";

/** The new password being typed twice, with the old one it must differ from when there is one. */
export interface NewPassword {
  password: string;
  repeatPassword: string;
  oldPassword: string | undefined;
  setPassword(value: string): void;
  setRepeat(value: string): void;
  /** Every password rule holds. */
  valid: boolean;
  clear(): void;
}

/** The state of `PasswordFields`; `oldPassword` when the new password must differ from it. */
export function useNewPassword(oldPassword?: string): NewPassword {
  const [password, setPassword] = useState("");
  const [repeatPassword, setRepeat] = useState("");
  const valid = brokenPasswordRules({ oldPassword, password, repeatPassword }).size === 0;
  const clear = () => {
    setPassword("");
    setRepeat("");
  };
  return { password, repeatPassword, oldPassword, setPassword, setRepeat, valid, clear };
}

/** New password with its repetition and a live checklist of the password rules. */
export function PasswordFields({ entries }: { entries: NewPassword }) {
  const { t } = useTranslation();
  const { password, oldPassword } = entries;
  const broken = brokenPasswordRules({ oldPassword, password, repeatPassword: entries.repeatPassword });
  const rules = PASSWORD_RULES.filter((rule) => rule !== "password.sameAsOld" || oldPassword !== undefined);
  const inputs = [
    { testId: "new-password", label: t("password.new"), value: password, onChange: entries.setPassword },
    {
      testId: "repeat-password",
      label: t("password.repeat"),
      value: entries.repeatPassword,
      onChange: entries.setRepeat,
    },
  ];
  return (
    <Stack gap="sm">
      {inputs.map((input) => (
        <PasswordInput
          key={input.testId}
          label={input.label}
          value={input.value}
          onChange={(e) => input.onChange(e.currentTarget.value)}
          autoComplete="new-password"
          required
          data-testid={input.testId}
        />
      ))}
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
