import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { type ArrivalState, arrivalState, type ItineraryProgress } from "@vigia/domain";
import { useTranslation } from "react-i18next";

const STATE_COLOR: Record<ArrivalState, string> = {
  pending: "gray",
  arrived: "green",
  left: "teal",
  missed: "red",
};

/** One of today's itineraries on the phone: its waypoints in order, planned time and state, the next one marked. */
export function ItineraryCard({ itinerary }: { itinerary: ItineraryProgress }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" data-testid="itinerary">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600}>{itinerary.name}</Text>
        {itinerary.finished ? (
          <Badge color="green" variant="light">
            {t("workerItinerary.finished")}
          </Badge>
        ) : null}
      </Group>
      <Stack gap={4} mt="xs">
        {itinerary.waypoints.map((w) => {
          const state = arrivalState(w);
          return (
            <Group
              key={w.index}
              justify="space-between"
              wrap="nowrap"
              px={6}
              py={2}
              bg={w.next ? "var(--mantine-color-blue-light)" : undefined}
              style={{ borderRadius: 4 }}
              data-testid="itinerary-waypoint"
              data-state={state}
              data-next={w.next ? "1" : "0"}
            >
              <Text size="sm" fw={w.next ? 700 : 400}>
                {w.index + 1}. {w.time}
                {w.next ? (
                  <Text span size="xs" c="blue" ml={6}>
                    {t("workerItinerary.next")}
                  </Text>
                ) : null}
              </Text>
              <Badge color={STATE_COLOR[state]} variant="light" size="sm">
                {t(`workerItinerary.states.${state}`)}
              </Badge>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
