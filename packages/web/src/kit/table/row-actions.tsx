import { ActionIcon, Button, Group, Modal, Stack, Text, Tooltip } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { RowAction } from "./columns.ts";

/** What is running or waiting for a confirmation, and on which row. */
interface Pending<Row> {
  rowKey: string | number;
  action: RowAction<Row>;
  row: Row;
  /** The buttons the row showed when the action started: kept until it settles. */
  shown: RowAction<Row>[];
}

/**
 * The row buttons of a table, with confirmation of destructive actions and a stable row while a request runs:
 * the clicked button spins, the others are disabled, and none changes meaning until the request settles (a
 * double click cannot hit the button that replaces it).
 */
export function useRowActions<Row>(guard: (run: () => void) => boolean) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<Pending<Row> | null>(null);
  const [asking, setAsking] = useState<Pending<Row> | null>(null);

  const run = (pending: Pending<Row>) => {
    const result = pending.action.onClick(pending.row);
    if (!(result instanceof Promise)) return;
    setRunning(pending);
    void result.catch(() => undefined).finally(() => setRunning(null));
  };

  const buttons = (row: Row, rowKey: string | number, actions: readonly RowAction<Row>[]) => {
    const busy = running?.rowKey === rowKey ? running : null;
    const shown = busy ? busy.shown : actions.filter((a) => a.visible?.(row) ?? true);
    return (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {shown.map((a) => (
          <Tooltip key={a.key} label={a.label} withinPortal>
            <ActionIcon
              variant="subtle"
              color={a.color ?? "gray"}
              aria-label={a.label}
              data-testid={`row-action-${a.key}`}
              loading={busy?.action.key === a.key}
              disabled={busy !== null}
              onClick={() =>
                guard(() => {
                  const pending = { rowKey, action: a, row, shown };
                  if (a.confirm) setAsking(pending);
                  else run(pending);
                })
              }
            >
              {a.icon}
            </ActionIcon>
          </Tooltip>
        ))}
      </Group>
    );
  };

  const confirmModal = (
    <Modal opened={asking !== null} onClose={() => setAsking(null)} title={asking?.action.label} centered>
      <Stack data-testid="row-action-confirm">
        <Text size="sm">{asking ? asking.action.confirm?.(asking.row) : ""}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(null)}>
            {t("table.cancel")}
          </Button>
          <Button
            color={asking?.action.color ?? "red"}
            data-testid="row-action-confirm-ok"
            onClick={() => {
              if (asking) run(asking);
              setAsking(null);
            }}
          >
            {asking?.action.label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );

  return { buttons, confirmModal };
}
