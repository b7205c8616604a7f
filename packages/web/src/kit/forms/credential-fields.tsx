import { PasswordInput, TextInput } from "@mantine/core";
import { useState } from "react";

/** A user name and password being typed. */
export interface Credentials {
  username: string;
  password: string;
  setUsername(value: string): void;
  setPassword(value: string): void;
}

export function useCredentials(initialUsername = ""): Credentials {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState("");
  return { username, password, setUsername, setPassword };
}

interface Props {
  credentials: Credentials;
  labels: { username: string; password: string };
  /** The fields' test ids are this followed by `-username` and `-password`. */
  testIdPrefix?: string;
  required?: boolean;
}

/** A user name and its current password, as a sign-in asks for them (the browser offers the saved ones). */
export function CredentialFields({ credentials, labels, testIdPrefix, required }: Props) {
  return (
    <>
      <TextInput
        label={labels.username}
        value={credentials.username}
        onChange={(e) => credentials.setUsername(e.currentTarget.value)}
        autoCapitalize="off"
        autoComplete="username"
        required={required}
        data-testid={testIdPrefix && `${testIdPrefix}-username`}
      />
      <PasswordInput
        label={labels.password}
        value={credentials.password}
        onChange={(e) => credentials.setPassword(e.currentTarget.value)}
        autoComplete="current-password"
        required={required}
        data-testid={testIdPrefix && `${testIdPrefix}-password`}
      />
    </>
  );
}
