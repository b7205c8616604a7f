import { TextInput, type TextInputProps } from "@mantine/core";

/** Whether `text` (spaces around it aside) is a whole six-digit code of an authenticator app. */
export const isOneTimeCode = (text: string): boolean => /^\d{6}$/.test(text.trim());

type Props = Omit<TextInputProps, "value" | "onChange"> & { value: string; onChange(value: string): void };

/** The field of an authenticator's six-digit code: the phone's number pad, and the code the system offers. */
export function OneTimeCodeInput({ value, onChange, ...props }: Props) {
  return (
    <TextInput
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      {...props}
    />
  );
}
