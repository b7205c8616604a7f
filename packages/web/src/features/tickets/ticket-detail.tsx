import {
  Badge,
  Button,
  Checkbox,
  Divider,
  FileInput,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from "@mantine/core";
import { IconEdit, IconPlus, IconSend } from "@tabler/icons-react";
import { FILE_KINDS, filesApi, nextTicketStates, type Ticket, type TicketState } from "@vigia/domain";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileLink } from "../../kit/files/file-link.tsx";
import { formatDateTime } from "../../kit/format/date.ts";
import { api } from "../../platform/api/instance.ts";
import { PRIORITY_COLOR, StateBadge } from "./columns.tsx";

interface Props {
  ticket: Ticket;
  timezone: string;
  /** The caller may change state and comment (false: read-only user). */
  writable: boolean;
  onState(state: TicketState, note: string): Promise<unknown>;
  onComment(text: string, files: number[]): Promise<unknown>;
  /** Tasks and edit belong to the company side; the provider answers and moves state only. */
  onAddTask?(text: string): Promise<unknown>;
  onTask?(taskId: number, done: boolean): Promise<unknown>;
  onEdit?(): void;
}

/** The buttons that add a task or a comment. */
const ADD = {
  task: { label: "tickets.addTask", testId: "ticket-task-add" },
  comment: { label: "tickets.send", testId: "ticket-comment-send" },
} as const;

/** One ticket: what it is about, its moves (reopen asks first), checklist, comment thread and history. */
export function TicketDetail({
  ticket,
  timezone,
  writable,
  onState,
  onComment,
  onAddTask,
  onTask,
  onEdit,
}: Props) {
  const { t } = useTranslation();
  const [note, setNote] = useState("");
  const [comment, setComment] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [task, setTask] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmReopen, setConfirmReopen] = useState(false);
  const run = async (key: string, work: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };
  /** Adds what was typed (a task, a comment): off while the text is empty, spinning while its work runs. */
  const addButton = (key: keyof typeof ADD, icon: ReactNode, text: string, work: () => Promise<unknown>) => (
    <Button
      size="xs"
      leftSection={icon}
      disabled={text.trim() === ""}
      loading={busy === key}
      onClick={() => void run(key, work)}
      data-testid={ADD[key].testId}
    >
      {t(ADD[key].label)}
    </Button>
  );
  const move = (state: TicketState) => {
    if (state === "open" && !confirmReopen) {
      setConfirmReopen(true);
      return;
    }
    setConfirmReopen(false);
    void run(state, async () => {
      await onState(state, note);
      setNote("");
    });
  };
  return (
    <Stack gap="sm" data-testid="ticket-detail">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={4} data-testid="ticket-title">
            #{ticket.id} {ticket.title}
          </Title>
          <Group gap={6} mt={4}>
            <StateBadge state={ticket.state} t={t} />
            <Badge variant="outline">{t(`tickets.types.${ticket.type}`)}</Badge>
            <Badge variant="dot" color={PRIORITY_COLOR[ticket.priority]}>
              {t(`tickets.priorities.${ticket.priority}`)}
            </Badge>
          </Group>
        </div>
        {onEdit && writable ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconEdit size={14} />}
            onClick={onEdit}
            data-testid="ticket-edit"
          >
            {t("mgmt.edit")}
          </Button>
        ) : null}
      </Group>
      <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
        {ticket.description || t("tickets.noDescription")}
      </Text>
      <Text size="xs" c="dimmed">
        {t("tickets.requester")}: {ticket.requesterName} · {t("tickets.assignee")}:{" "}
        {ticket.assigneeName ?? "—"}
        {ticket.linkName ? ` · ${t(`tickets.links.${ticket.linkKind}`)}: ${ticket.linkName}` : ""}
        {ticket.alarmLogId ? ` · ${t("tickets.notice")} #${ticket.alarmLogId}` : ""}
      </Text>

      {writable && (
        <Paper withBorder p="xs">
          <Stack gap={6}>
            <TextInput
              size="xs"
              placeholder={t("tickets.stateNote")}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              maxLength={500}
              data-testid="ticket-state-note"
            />
            <Group gap={6}>
              {nextTicketStates(ticket.state).map((s) => (
                <Button
                  key={s}
                  size="xs"
                  variant={s === "open" ? "outline" : "light"}
                  color={s === "open" && confirmReopen ? "orange" : undefined}
                  loading={busy === s}
                  onClick={() => move(s)}
                  data-testid={`ticket-move-${s}`}
                >
                  {s === "open"
                    ? confirmReopen
                      ? t("tickets.reopenConfirm")
                      : t("tickets.reopen")
                    : t(`tickets.moveTo.${s}`)}
                </Button>
              ))}
            </Group>
          </Stack>
        </Paper>
      )}

      {onTask && (
        <Part label={t("tickets.tasks")} none={ticket.tasks.length === 0 ? t("tickets.noTasks") : null}>
          {ticket.tasks.map((k) => (
            <Checkbox
              key={k.id}
              checked={k.done}
              disabled={!writable}
              onChange={(e) => void onTask(k.id, e.currentTarget.checked)}
              label={k.text}
              description={
                k.done && k.doneTs ? `${k.doneBy ?? ""} · ${formatDateTime(k.doneTs, timezone)}` : undefined
              }
              data-testid={`ticket-task-${k.id}`}
            />
          ))}
          {writable && onAddTask && (
            <Group gap={6} wrap="nowrap">
              <TextInput
                size="xs"
                style={{ flex: 1 }}
                placeholder={t("tickets.newTask")}
                value={task}
                maxLength={200}
                onChange={(e) => setTask(e.currentTarget.value)}
                data-testid="ticket-task-text"
              />
              {addButton("task", <IconPlus size={14} />, task, async () => {
                await onAddTask(task);
                setTask("");
              })}
            </Group>
          )}
        </Part>
      )}

      <Part
        label={t("tickets.comments")}
        none={ticket.comments.length === 0 ? t("tickets.noComments") : null}
      >
        {ticket.comments.map((c) => (
          <Paper
            key={c.id}
            withBorder
            p="xs"
            bg={c.fromProvider ? "var(--mantine-color-blue-light)" : undefined}
            data-testid="ticket-comment"
          >
            <Group justify="space-between" gap={4}>
              <Text size="xs" fw={600}>
                {c.author}
                {c.fromProvider ? ` · ${t("tickets.provider")}` : ""}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(c.ts, timezone)}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {c.text}
            </Text>
            {c.attachments.map((f) => (
              <FileLink
                key={f.id}
                file={f}
                load={() =>
                  api.blob(filesApi.download, {
                    params: { companyId: ticket.companyId, id: f.id },
                    query: {},
                  })
                }
              />
            ))}
          </Paper>
        ))}
        {writable && (
          <Stack gap={6}>
            <Textarea
              autosize
              minRows={2}
              maxLength={2000}
              placeholder={t("tickets.writeComment")}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              data-testid="ticket-comment-text"
            />
            <Group justify="space-between" align="flex-start">
              <FileInput
                size="xs"
                multiple
                clearable
                w={240}
                accept="image/*,application/pdf"
                placeholder={t("tickets.attach")}
                value={files}
                onChange={(f) => {
                  setUploadError(null);
                  setFiles(f.slice(0, 5));
                }}
                error={uploadError}
                data-testid="ticket-comment-files"
              />
              {addButton("comment", <IconSend size={14} />, comment, async () => {
                const ids: number[] = [];
                for (const file of files) {
                  if (file.size > FILE_KINDS.document.maxBytes) {
                    setUploadError(t("mgmtErrors.attachment_tooLarge"));
                    return;
                  }
                  const stored = await api.upload(
                    filesApi.upload,
                    {
                      params: { companyId: ticket.companyId },
                      query: { name: file.name, kind: "document" },
                    },
                    file,
                  );
                  ids.push(stored.id);
                }
                await onComment(comment, ids);
                setComment("");
                setFiles([]);
              })}
            </Group>
          </Stack>
        )}
      </Part>

      <Divider label={t("tickets.history")} labelPosition="left" />
      <Timeline bulletSize={12} lineWidth={2}>
        {ticket.history.map((h) => (
          <Timeline.Item
            key={`${h.ts}-${h.kind}-${h.state ?? h.assignee ?? ""}`}
            title={
              <Text size="sm">
                {h.kind === "state"
                  ? t(`tickets.state.${h.state ?? "open"}`)
                  : t("tickets.assignedTo", { name: h.assignee ?? "—" })}
              </Text>
            }
          >
            <Text size="xs" c="dimmed">
              {formatDateTime(h.ts, timezone)} · {h.by}
            </Text>
            {h.note && <Text size="xs">{h.note}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}

/** A titled part of the ticket (its tasks, its comments): the rows, or `none` saying there are none yet. */
function Part({ label, none, children }: { label: string; none: string | null; children: ReactNode }) {
  return (
    <>
      <Divider label={label} labelPosition="left" />
      {none === null ? null : (
        <Text size="sm" c="dimmed">
          {none}
        </Text>
      )}
      {children}
    </>
  );
}
