import { Alert, Button, Group, List, Modal, SegmentedControl, Stack, Textarea } from "@mantine/core";
import { ALARM_NOTE_MAX } from "@vigia/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { updateBulk, updateState } from "./center.ts";
import { stateFormDisabled } from "./logic.ts";

interface Props {
  opened: boolean;
  companyId: number;
  /** One notice, or the selection for a bulk edit. */
  ids: number[];
  /** State of the single notice; null for a bulk edit. */
  currentValue: 0 | 1 | 2 | null;
  onClose(done: boolean): void;
}

/** State and note: only "in process" and "resolved"; save disabled while nothing changes. */
export function StateForm({ opened, companyId, ids, currentValue, onClose }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState<1 | 2>(currentValue === 2 ? 2 : 1);
  const [note, setNote] = useState("");
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<{ alarmlogId: number; error: string }[]>([]);
  useEffect(() => {
    if (!opened) return;
    setValue(currentValue === 2 ? 2 : 1);
    setNote("");
    setFailed([]);
  }, [opened, currentValue]);

  const disabled =
    note.length > ALARM_NOTE_MAX ||
    (currentValue !== null && stateFormDisabled(currentValue, value, note)) ||
    ids.length === 0;
  const save = async () => {
    setSaving(true);
    try {
      if (currentValue === null) {
        const noupdated = await updateBulk(companyId, ids, value, note.trim());
        if (noupdated.length > 0) {
          setFailed(noupdated);
          return;
        }
      } else await updateState(companyId, ids[0]!, value, note.trim());
      onClose(true);
    } catch {
      // The API client already showed the error.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={() => onClose(false)} title={t("alarms.stateForm.title")} zIndex={420}>
      <Stack>
        <SegmentedControl
          data={[
            { value: "1", label: t("alarms.state.1") },
            { value: "2", label: t("alarms.state.2") },
          ]}
          value={String(value)}
          onChange={(v) => setValue(v === "2" ? 2 : 1)}
          data-testid="alarm-state-choice"
        />
        <Textarea
          label={t("alarms.stateForm.note")}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={ALARM_NOTE_MAX}
          autosize
          minRows={3}
          description={`${note.trim().length}/${ALARM_NOTE_MAX}`}
          data-testid="alarm-state-note"
        />
        {failed.length > 0 ? (
          <Alert color="red" title={t("alarms.stateForm.notUpdated")}>
            <List size="sm">
              {failed.map((f) => (
                <List.Item key={f.alarmlogId}>
                  #{f.alarmlogId}: {f.error}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>
            {t("alarms.cancel")}
          </Button>
          <Button
            onClick={() => void save()}
            disabled={disabled}
            loading={saving}
            data-testid="alarm-state-save"
          >
            {t("alarms.save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
