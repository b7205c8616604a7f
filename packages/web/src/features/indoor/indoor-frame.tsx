import { Box, Paper, ScrollArea, Text } from "@mantine/core";
import { allows, indoorApi } from "@vigia/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useSession } from "../../platform/session/session.ts";

/** List or form on the left, the plan map filling the rest; stacked on a phone. */
export function IndoorFrame({ side, map, testId }: { side: ReactNode; map: ReactNode; testId: string }) {
  return (
    <Box
      data-testid={testId}
      style={{
        display: "flex",
        flexWrap: "wrap",
        height: "calc(100dvh - var(--app-shell-header-height, 56px) - 32px)",
        gap: 12,
      }}
    >
      <Paper
        withBorder
        style={{ flex: "1 1 380px", maxWidth: 460, display: "flex", flexDirection: "column", minHeight: 320 }}
      >
        <ScrollArea style={{ flex: 1 }} p="sm">
          {side}
        </ScrollArea>
      </Paper>
      <Paper
        withBorder
        style={{ flex: "3 1 420px", position: "relative", overflow: "hidden", minHeight: 320 }}
      >
        {map}
      </Paper>
    </Box>
  );
}

/** Indoor maps and beacons are places: subadministrators and above, not read-only, change them. */
export function useIndoorWritable(): boolean {
  const { user } = useSession();
  return allows(indoorApi.createMap.access, user);
}

/** Field → message key of a failed parse (the first issue of each field). */
export function fieldIssues(error: z.ZodError | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    const key = issue.path.join(".");
    out[key] ??= issue.message;
  }
  return out;
}

/** A field error's text: the indoor screens' own texts, else the shared management ones. */
export function useErrorText(): (code: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (code) =>
    code === undefined
      ? undefined
      : t(`indoor.error.${code.replaceAll(".", "_")}`, {
          defaultValue: t(`mgmtErrors.${code.replaceAll(".", "_")}`, { defaultValue: code }),
        });
}

export function Hint({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}
