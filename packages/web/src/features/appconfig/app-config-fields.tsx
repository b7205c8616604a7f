import { Checkbox, Group, NumberInput, Select, SimpleGrid, Switch } from "@mantine/core";
import {
  ADVERTISE_MODES,
  APP_DATA_SIZE_OPTIONS,
  type AppConfig,
  BEACON_LAYOUTS,
  BEACON_MODES,
  LOCATION_PRECISIONS,
  locationPrecision,
  TRACKER_MODES,
} from "@vigia/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

type Key = keyof AppConfig;

interface Props {
  value: AppConfig;
  onChange(next: AppConfig): void;
  /** Field errors by setting, message keys of the domain schema. */
  errors: Partial<Record<Key, string>>;
  /** Override mode (one device): which settings the device sets itself; the others show the company's value. */
  own?: ReadonlySet<Key>;
  onOwnChange?(key: Key, own: boolean): void;
}

const NUMBERS = ["sensorInterval", "stepsCounterInterval", "beaconScanMode", "wifiInterval"] as const;
const CHOICES = {
  advertiseMode: ADVERTISE_MODES,
  beaconLayout: BEACON_LAYOUTS,
  trackerMode: TRACKER_MODES,
  beaconMode: BEACON_MODES,
} as const;

/** The settings of the worker app, for the company's defaults or, with `own`, one device's. */
export function AppConfigFields({ value, onChange, errors, own, onOwnChange }: Props) {
  const { t } = useTranslation();
  const set = <K extends Key>(key: K, v: AppConfig[K]) => onChange({ ...value, [key]: v });
  const locked = (key: Key) => own !== undefined && !own.has(key);
  const error = (key: Key) => (errors[key] ? t(`appconfig.error.${errors[key]}`) : undefined);
  // In override mode each setting has a box: ticked, the device keeps its own value.
  const wrap = (key: Key, field: ReactNode) =>
    own === undefined ? (
      field
    ) : (
      <Group key={key} gap="xs" wrap="nowrap" align="flex-end">
        <Checkbox
          mb={8}
          checked={own.has(key)}
          onChange={(e) => onOwnChange?.(key, e.currentTarget.checked)}
          aria-label={t("appconfig.own", { setting: t(`appconfig.field.${key}`) })}
          data-testid={`appconfig-own-${key}`}
        />
        <div style={{ flex: 1 }}>{field}</div>
      </Group>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="appconfig-fields">
      {(["panic", "connectivity"] as const).map((key) =>
        wrap(
          key,
          <Switch
            key={key}
            mt="md"
            label={t(`appconfig.field.${key}`)}
            checked={value[key]}
            disabled={locked(key)}
            onChange={(e) => set(key, e.currentTarget.checked)}
            data-testid={`appconfig-${key}`}
          />,
        ),
      )}
      {wrap(
        "dataSizeRange",
        <Select
          key="dataSizeRange"
          label={t("appconfig.field.dataSizeRange")}
          data={APP_DATA_SIZE_OPTIONS.map((n) => ({ value: String(n), label: t(`appconfig.dataSize.${n}`) }))}
          value={String(value.dataSizeRange)}
          disabled={locked("dataSizeRange")}
          allowDeselect={false}
          onChange={(v) => {
            const size = APP_DATA_SIZE_OPTIONS.find((n) => String(n) === v);
            if (size !== undefined) set("dataSizeRange", size);
          }}
          data-testid="appconfig-dataSizeRange"
        />,
      )}
      {wrap(
        "precision",
        <Select
          key="precision"
          label={t("appconfig.field.precision")}
          data={LOCATION_PRECISIONS.map((level, index) => ({
            value: String(index),
            label: t(`appconfig.precision.${level}`),
          }))}
          value={String(LOCATION_PRECISIONS.indexOf(locationPrecision(value.precision)))}
          disabled={locked("precision")}
          allowDeselect={false}
          onChange={(v) => {
            const level = LOCATION_PRECISIONS.findIndex((_, index) => String(index) === v);
            if (level >= 0) set("precision", level);
          }}
          data-testid="appconfig-precision"
        />,
      )}
      {NUMBERS.map((key) =>
        wrap(
          key,
          <NumberInput
            key={key}
            label={t(`appconfig.field.${key}`)}
            description={t(`appconfig.hint.${key}`)}
            value={value[key]}
            allowDecimal={false}
            disabled={locked(key)}
            error={error(key)}
            onChange={(v) => set(key, typeof v === "number" ? v : Number.NaN)}
            data-testid={`appconfig-${key}`}
          />,
        ),
      )}
      {(Object.keys(CHOICES) as (keyof typeof CHOICES)[]).map((key) =>
        wrap(
          key,
          <Select
            key={key}
            label={t(`appconfig.field.${key}`)}
            data={CHOICES[key].map((option) => ({ value: option, label: t(`appconfig.option.${option}`) }))}
            value={value[key]}
            disabled={locked(key)}
            allowDeselect={false}
            onChange={(v) => {
              const option = CHOICES[key].find((o) => o === v);
              if (option !== undefined) onChange({ ...value, [key]: option });
            }}
            data-testid={`appconfig-${key}`}
          />,
        ),
      )}
    </SimpleGrid>
  );
}
