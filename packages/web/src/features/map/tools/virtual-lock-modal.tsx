import { Alert, Button, Group, NumberInput, Stack, Text } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { allows, ITEM_TYPE_BY_KEY, VIRTUAL_LOCK_RADIUS, virtualLocksApi } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime, fromZonedInput } from "../../../kit/format/date.ts";
import { fromPicker, PICKER_FORMAT, pickerValue } from "../../../kit/pickers/range-picker.tsx";
import { ApiError } from "../../../platform/api/client.ts";
import { apiErrorText } from "../../../platform/api/error-text.ts";
import { api } from "../../../platform/api/instance.ts";
import { parseKey } from "../../../platform/live/store.ts";
import { useUser } from "../../../platform/session/session.ts";
import { virtualLocksQuery } from "../api.ts";
import { ItemToolModal } from "./tool-frame.tsx";
import type { MapToolProps } from "./types.ts";

/** Virtual lock of the selected item: arm at its parked position, or disarm. */
export function VirtualLockModal(props: MapToolProps) {
  const { companyId, selected, timezone } = props;
  const { t } = useTranslation();
  const writable = allows(virtualLocksApi.arm.access, useUser());
  const client = useQueryClient();
  const [radius, setRadius] = useState<number>(VIRTUAL_LOCK_RADIUS.default);
  const [until, setUntil] = useState("");
  const target = selected ? parseKey(selected) : null;
  const params = target
    ? { companyId, itemType: ITEM_TYPE_BY_KEY[target.kind], itemId: target.id }
    : { companyId, itemType: 1, itemId: 0 };
  const locks = useQuery(virtualLocksQuery(companyId));
  const lock = locks.data?.find((l) => l.itemType === params.itemType && l.itemId === params.itemId);
  const refresh = () => client.invalidateQueries({ queryKey: virtualLocksQuery(companyId).queryKey });
  const arm = useMutation({
    mutationFn: () =>
      api.call(
        virtualLocksApi.arm,
        { params, body: { radiusM: radius, untilTs: until ? fromZonedInput(until, timezone) : null } },
        { quiet: true },
      ),
    onSuccess: refresh,
  });
  const disarm = useMutation({
    mutationFn: () => api.call(virtualLocksApi.disarm, { params }, { quiet: true }),
    onSuccess: refresh,
  });
  const error = arm.error ?? disarm.error;

  return (
    <ItemToolModal tool={props} title={t("maptools.lock.title")} data-testid="lock-modal">
      <Stack gap="sm">
        {lock ? (
          <Alert color="orange" data-testid="lock-armed">
            {t("maptools.lock.armedAt", {
              date: formatDateTime(lock.armedTs, timezone),
              user: lock.armedBy,
              radius: lock.radiusM,
            })}
            {lock.untilTs !== null &&
              ` ${t("maptools.lock.until", { date: formatDateTime(lock.untilTs, timezone) })}`}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {t("maptools.lock.notArmed")}
          </Text>
        )}
        {/* Who may arm and disarm: the same rule the server enforces. */}
        {writable ? (
          <>
            <NumberInput
              label={t("maptools.lock.radius")}
              min={VIRTUAL_LOCK_RADIUS.min}
              max={VIRTUAL_LOCK_RADIUS.max}
              step={10}
              value={radius}
              onChange={(v) => setRadius(typeof v === "number" ? v : VIRTUAL_LOCK_RADIUS.default)}
              data-testid="lock-radius"
            />
            <DateTimePicker
              label={t("maptools.lock.untilLabel")}
              value={until ? pickerValue(until) : null}
              valueFormat={PICKER_FORMAT}
              onChange={(v) => setUntil(v ? fromPicker(v) : "")}
              clearable
              data-testid="lock-until"
            />
            {error && (
              <Alert color="red">{error instanceof ApiError ? apiErrorText(error, t) : String(error)}</Alert>
            )}
            <Group justify="flex-end">
              {lock && (
                <Button
                  variant="default"
                  color="red"
                  onClick={() => disarm.mutate()}
                  loading={disarm.isPending}
                  data-testid="lock-disarm"
                >
                  {t("maptools.lock.disarm")}
                </Button>
              )}
              <Button
                onClick={() => arm.mutate()}
                loading={arm.isPending}
                disabled={!target}
                data-testid="lock-arm"
              >
                {lock ? t("maptools.lock.rearm") : t("maptools.lock.arm")}
              </Button>
            </Group>
          </>
        ) : (
          <Text size="sm" c="dimmed" data-testid="lock-read-only">
            {t("maptools.readOnlyUser")}
          </Text>
        )}
      </Stack>
    </ItemToolModal>
  );
}
