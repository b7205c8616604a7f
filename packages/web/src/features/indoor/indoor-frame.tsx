import { Box, Paper, ScrollArea, Text, TextInput } from "@mantine/core";
import { allows, indoorApi } from "@vigia/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CrudSideForm } from "../../kit/crud/crud-side-form.tsx";
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

/**
 * The form of a plan, beacon or zone beside its map: the name every one of them has first, the page's own
 * fields, then Cancel and Save. Test ids follow `what`: `<what>-form`, `<what>-name`, `<what>-save`.
 */
export function IndoorForm({
  editor,
  what,
  title,
  readOnly = false,
  onSave,
  children,
}: {
  editor: {
    draft: { name: string } | null;
    issues: Record<string, string>;
    valid: boolean;
    busy: boolean;
    close(): void;
    patch(p: { name: string }): void;
  };
  what: string;
  title: string;
  readOnly?: boolean;
  onSave(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <CrudSideForm
      editor={editor}
      testId={`${what}-form`}
      title={title}
      readOnly={readOnly}
      saveTestId={`${what}-save`}
      onSave={onSave}
    >
      <TextInput
        label={t("indoor.field.name")}
        value={editor.draft?.name ?? ""}
        onChange={(e) => editor.patch({ name: e.currentTarget.value })}
        error={errorText(editor.issues.name)}
        required
        data-testid={`${what}-name`}
        disabled={readOnly}
      />
      {children}
    </CrudSideForm>
  );
}
