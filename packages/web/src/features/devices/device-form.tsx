import {
  ActionIcon,
  Badge,
  Divider,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import {
  DEVICE_DESCRIPTION_MAX,
  type DeviceIdRule,
  type DeviceRow,
  type DeviceTypeInfo,
  defaultDeviceConfig,
  deviceConfigErrors,
  deviceIdError,
  deviceIdRule,
  deviceWriteSchema,
  isAllowedIdKey,
} from "@vigia/domain";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { errorText } from "../../kit/forms/errors.ts";
import { FormModal } from "../../kit/forms/form-modal.tsx";
import type { SendResult } from "../../kit/forms/send.ts";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import { DeviceAppConfigEditor } from "../appconfig/index.ts";
import { generateDeviceKey } from "./device-key.ts";

interface Props {
  row: DeviceRow | null;
  types: readonly DeviceTypeInfo[];
  simTypes: readonly { id: number; name: string }[];
  /** Company users keep the identifier and type of the reseller's stock. */
  lockIdentity?: boolean;
  /** Starting identifier and type of a new device (registering one from the unknown-devices list). */
  initial?: { deviceId: string; typeId?: number };
  onClose(): void;
  onSave(values: z.output<typeof deviceWriteSchema>): Promise<SendResult<unknown>>;
}

/** Device form: hex identifier of the type's length, SIM, tracker configuration. */
export function DeviceForm({ row, types, simTypes, lockIdentity, initial, onClose, onSave }: Props) {
  const { t } = useTranslation();
  // A prefilled type the reseller's type list does not know falls back to the first one.
  const firstType = types.find((x) => x.id === initial?.typeId) ?? types[0];
  const form = useZodForm(deviceWriteSchema, {
    deviceId: row?.deviceId ?? initial?.deviceId ?? "",
    typeId: row?.typeId ?? firstType?.id ?? 1,
    name: row?.name ?? "",
    description: row?.description ?? "",
    sim: {
      phone: row?.sim.phone ?? "",
      type: row?.sim.type ?? 99,
      iccid: row?.sim.iccid ?? "",
      imsi: row?.sim.imsi ?? "",
      apn: row?.sim.apn ?? "",
    },
    countryId: row?.countryId ?? "",
    configActive: row?.configActive ?? false,
    config: {
      ...defaultDeviceConfig(types.find((x) => x.id === (row?.typeId ?? firstType?.id))),
      ...(row?.config ?? {}),
    },
    // Left out when the key is not shown to this user, so saving keeps the stored one.
    ...(row === null || row.key !== undefined ? { key: row?.key ?? "" } : {}),
  });
  const typeId = Number(form.values.typeId);
  const type = types.find((x) => x.id === typeId);
  const deviceId = String(form.values.deviceId);
  const idProblem = deviceId === "" ? null : deviceIdError(type, deviceId);
  const sim = form.values.sim as Record<string, unknown>;
  const config = form.values.config as ReturnType<typeof defaultDeviceConfig>;
  const active = Boolean(form.values.configActive);
  const configProblems = deviceConfigErrors(active, config);
  const idRule = type ? deviceIdRule(type) : null;
  const key = typeof form.values.key === "string" ? form.values.key : "";
  // The key matters to OsmAnd phones; a key set earlier stays visible whatever the type.
  const showKey = "key" in form.values && (type?.proto === "osmand" || key !== "");
  const save = async () => {
    if (!form.output) return false;
    const res = await onSave(form.output);
    if (!res.ok) form.setServerErrors(res.fields);
    return res.ok;
  };
  const setConfig = (key: string, value: unknown) => form.set("config", { ...config, [key]: value });
  return (
    <FormModal
      opened
      title={row ? t("devices.edit") : t("devices.new")}
      onClose={onClose}
      onSave={save}
      valid={form.valid && idProblem === null && Object.keys(configProblems).length === 0}
      size="xl"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t("devices.type")}
          withAsterisk
          disabled={lockIdentity}
          data={types.map((x) => ({ value: String(x.id), label: x.name }))}
          value={String(typeId)}
          onChange={(v) => {
            if (!v) return;
            form.set("typeId", Number(v));
            if (!row) form.set("config", defaultDeviceConfig(types.find((x) => x.id === Number(v))));
          }}
          allowDeselect={false}
          data-testid="field-typeId"
        />
        <TextInput
          label={t("devices.imei")}
          withAsterisk
          disabled={lockIdentity}
          value={deviceId}
          description={
            idRule ? t(`devices.idRule.${idRuleText(idRule)}`, { count: idRule.length ?? 0 }) : undefined
          }
          onKeyDown={(e) => {
            // Only the type's characters (plus editing keys) reach the field: hex for IMEI types.
            if (idRule && !e.ctrlKey && !e.metaKey && !isAllowedIdKey(e.key, idRule)) e.preventDefault();
          }}
          onChange={(e) => form.set("deviceId", e.currentTarget.value)}
          error={errorText(t, idProblem ?? form.errorOf("deviceId"))}
          data-testid="field-deviceId"
        />
        <TextInput
          label={t("mgmt.name")}
          value={String(form.values.name)}
          onChange={(e) => form.set("name", e.currentTarget.value)}
        />
      </SimpleGrid>
      {showKey ? (
        <TextInput
          label={t("devices.key")}
          description={t("devices.keyHelp")}
          ff="monospace"
          value={key}
          onChange={(e) => form.set("key", e.currentTarget.value)}
          error={errorText(t, form.errorOf("key"))}
          rightSection={
            <Tooltip label={t("devices.keyGenerate")} withinPortal>
              <ActionIcon
                variant="subtle"
                aria-label={t("devices.keyGenerate")}
                onClick={() => form.set("key", generateDeviceKey())}
                data-testid="device-key-generate"
              >
                <IconKey size={16} />
              </ActionIcon>
            </Tooltip>
          }
          data-testid="field-key"
        />
      ) : null}
      <Textarea
        label={t("devices.description")}
        autosize
        maxRows={4}
        value={String(form.values.description)}
        onChange={(e) => form.set("description", e.currentTarget.value)}
        error={errorText(t, form.errorOf("description"))}
        description={`${String(form.values.description).length}/${DEVICE_DESCRIPTION_MAX}`}
      />
      <Divider label={t("devices.sim")} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t("devices.phone")}
          value={String(sim.phone ?? "")}
          onChange={(e) => form.set("sim", { ...sim, phone: e.currentTarget.value })}
          error={errorText(t, form.errors["sim.phone"])}
        />
        <Select
          label={t("devices.simType")}
          data={simTypes.map((s) => ({
            value: String(s.id),
            label: t(`devices.simTypes.${s.id}`, { defaultValue: s.name }),
          }))}
          value={String(sim.type ?? 99)}
          onChange={(v) => v && form.set("sim", { ...sim, type: Number(v) })}
          allowDeselect={false}
        />
        <TextInput
          label="ICCID"
          value={String(sim.iccid ?? "")}
          onChange={(e) => form.set("sim", { ...sim, iccid: e.currentTarget.value })}
        />
        <TextInput
          label="IMSI"
          value={String(sim.imsi ?? "")}
          onChange={(e) => form.set("sim", { ...sim, imsi: e.currentTarget.value })}
        />
        <TextInput
          label={t("devices.simApn")}
          value={String(sim.apn ?? "")}
          onChange={(e) => form.set("sim", { ...sim, apn: e.currentTarget.value })}
        />
      </SimpleGrid>
      <Divider
        label={
          <Group gap="xs">
            {t("devices.config")}
            {row?.configActive ? (
              <Badge
                color={row.configState === "awaiting" ? "yellow" : "green"}
                size="sm"
                data-testid="config-state"
              >
                {t(`devices.configState.${row.configState}`)}
              </Badge>
            ) : null}
          </Group>
        }
        labelPosition="left"
      />
      <Switch
        label={t("devices.configActive")}
        checked={active}
        onChange={(e) => form.set("configActive", e.currentTarget.checked)}
        data-testid="field-configActive"
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t("devices.configApn")}
          disabled={!active}
          withAsterisk={active}
          value={String(config.apn)}
          onChange={(e) => setConfig("apn", e.currentTarget.value)}
          error={errorText(t, configProblems.apn)}
        />
        <TextInput
          label={t("devices.server")}
          disabled={!active}
          withAsterisk={active}
          value={String(config.server)}
          onChange={(e) => setConfig("server", e.currentTarget.value)}
          error={errorText(t, configProblems.server)}
        />
        {(["port", "speedLimit", "interval", "sleepTime"] as const).map((key) => (
          <NumberInput
            key={key}
            label={t(`devices.${key}`)}
            disabled={!active}
            value={config[key] === "" ? "" : Number(config[key])}
            onChange={(v) => setConfig(key, v)}
            error={errorText(t, configProblems[key])}
          />
        ))}
      </SimpleGrid>
      {type?.proto === "app" ? <AppConfigSection row={row} typeId={typeId} /> : null}
    </FormModal>
  );
}

/**
 * The worker app's settings of an app-type device, saved on their own: only a stored device
 * of a company has them (the configuration is the company's, overridden per device).
 */
function AppConfigSection({ row, typeId }: { row: DeviceRow | null; typeId: number }) {
  const { t } = useTranslation();
  const note = (key: "saveFirst" | "needsCompany") => (
    <Text size="sm" c="dimmed" data-testid="device-appconfig-note">
      {t(`appconfig.${key}`)}
    </Text>
  );
  return (
    <>
      <Divider label={t("appconfig.section")} labelPosition="left" />
      {row === null || row.typeId !== typeId ? (
        note("saveFirst")
      ) : row.companyId === null ? (
        note("needsCompany")
      ) : (
        <DeviceAppConfigEditor companyId={row.companyId} deviceId={row.id} />
      )}
    </>
  );
}

/** Which hint describes the identifier a type takes. */
function idRuleText(rule: DeviceIdRule): "imei" | "imeiAny" | "name" | "text" {
  return rule.kind === "imei" && rule.length === null ? "imeiAny" : rule.kind;
}
