import { Button, Card, Checkbox, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconRoute } from "@tabler/icons-react";
import { type FromTrip, itinerariesApi } from "@vigia/domain";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../platform/api/instance.ts";
import { useCompany, useCompanyRows } from "../../platform/company/index.ts";

/**
 * "From a past trip": a vehicle and a day; the server proposes that day's stops as waypoints, which replace the
 * editor's table to be edited before saving.
 */
export function FromTripPicker({ onPropose }: { onPropose(waypoints: FromTrip["waypoints"]): void }) {
  const { t } = useTranslation();
  const { companyId } = useCompany();
  const vehicles = useCompanyRows("vehicles");
  const [vehicleId, setVehicleId] = useState<number | null>(null);
  const [day, setDay] = useState(dayjs().subtract(1, "day").format("YYYY-MM-DD"));
  const [snap, setSnap] = useState(true);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<FromTrip | null>(null);
  const ready = companyId !== null && vehicleId !== null && /^\d{4}-\d{2}-\d{2}$/.test(day);
  const propose = async () => {
    if (!ready) return;
    setBusy(true);
    try {
      const result = await api.call(itinerariesApi.fromTrip, {
        params: { companyId },
        query: { vehicleId, day, snap: snap ? "1" : "0" },
      });
      setOutcome(result);
      if (result.waypoints.length > 0) onPropose(result.waypoints);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="sm" data-testid="itinerary-from-trip">
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t("itineraryTrip.title")}
        </Text>
        <Text size="xs" c="dimmed">
          {t("itineraryTrip.help")}
        </Text>
        <Group align="flex-end" wrap="wrap">
          <Select
            size="xs"
            w={220}
            label={t("itineraries.vehicle")}
            data={vehicles.map((v) => ({ value: String(v.id), label: v.name || v.plate }))}
            value={vehicleId ? String(vehicleId) : null}
            onChange={(v) => setVehicleId(v ? Number(v) : null)}
            searchable
            data-testid="from-trip-vehicle"
          />
          <TextInput
            size="xs"
            w={150}
            label={t("itineraries.day")}
            type="date"
            value={day}
            onChange={(e) => setDay(e.currentTarget.value)}
            data-testid="from-trip-day"
          />
          <Checkbox
            size="xs"
            mb={6}
            label={t("itineraryTrip.snap")}
            checked={snap}
            onChange={(e) => setSnap(e.currentTarget.checked)}
          />
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRoute size={14} />}
            disabled={!ready}
            loading={busy}
            onClick={() => void propose()}
            data-testid="from-trip-propose"
          >
            {t("itineraryTrip.propose")}
          </Button>
        </Group>
        {outcome && (
          <Text
            size="xs"
            c={outcome.waypoints.length > 0 ? "teal" : "orange"}
            data-testid="from-trip-outcome"
          >
            {outcome.waypoints.length > 0
              ? t("itineraryTrip.proposed", { stops: outcome.stops, count: outcome.waypoints.length })
              : t("itineraryTrip.noStops")}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
