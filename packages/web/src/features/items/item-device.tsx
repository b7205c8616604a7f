import { Select } from "@mantine/core";
import { devicesApi } from "@vigia/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { sendInline } from "../../kit/forms/send.ts";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompanyIdForCalls, useCompanyRows, useRefreshCompany } from "../../platform/company/index.ts";
import { onLiveMessage } from "../../platform/live/live-client.ts";

export interface ItemDevice {
  /** The device select of the form. */
  field: React.ReactNode;
  /**
   * After the item is saved (with its id): puts the chosen device on it, or takes the current one off.
   * Resolves null when done, else the text of why not, for the dialog to show.
   */
  apply(itemId: number): Promise<string | null>;
}

/**
 * The device of a vehicle, asset or person form: one path for every item type, through the devices contract
 * (the server releases the item's previous device and refuses a device another item took meanwhile). The
 * device list is fetched again when the form opens, since the reseller and other admins change it.
 */
export function useItemDevice(itemType: 1 | 2 | 3, itemId: number | null): ItemDevice {
  const { t } = useTranslation();
  const companyId = useCompanyIdForCalls();
  const refresh = useRefreshCompany();
  const devices = useCompanyRows("trackers");
  const [chosen, setChosen] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    void refresh(["trackers"]);
    // …and again whenever the server says the company's devices changed while the form is open.
    return onLiveMessage((message) => {
      if (message.type === "reloadTrackers") void refresh(["trackers"]);
    });
  }, [refresh]);
  const current =
    itemId === null ? undefined : devices.find((d) => d.itemType === itemType && d.itemId === itemId);
  const deviceId = chosen === undefined ? (current?.id ?? null) : chosen;
  const free = devices.filter((d) => d.itemId === null || d.id === current?.id);

  const apply = async (savedId: number): Promise<string | null> => {
    const before = savedId === itemId ? (current?.id ?? null) : null;
    if (deviceId === before) return null;
    const res = await sendInline(() =>
      deviceId !== null
        ? api.call(
            devicesApi.assignItem,
            { params: { companyId: companyId(), id: deviceId }, body: { itemType, itemId: savedId } },
            { quiet: true },
          )
        : api.call(
            devicesApi.assignItem,
            { params: { companyId: companyId(), id: before ?? 0 }, body: { itemType: null, itemId: null } },
            { quiet: true },
          ),
    );
    await refresh(["trackers"]);
    if (res.ok) return null;
    setChosen(undefined);
    return t("items.deviceSaveFailed", { reason: apiErrorText(res.error, t) });
  };

  const field = (
    <Select
      label={t("items.device")}
      clearable
      searchable
      data={free.map((d) => ({ value: String(d.id), label: d.deviceId }))}
      value={deviceId === null ? null : String(deviceId)}
      onChange={(v) => setChosen(v === null ? null : Number(v))}
      description={free.length === 0 ? t("items.noFreeDevices") : undefined}
      nothingFoundMessage={t("items.noFreeDevices")}
      data-testid="field-device"
    />
  );
  return { field, apply };
}
