import { Center, Loader } from "@mantine/core";
import { lazy, Suspense } from "react";

// MapLibre and the icon renderer are most of the app's weight: load them only when the map is opened,
// so sign-in and the other screens start without them.
const LiveMap = lazy(() => import("./live-map.tsx").then((m) => ({ default: m.LiveMap })));

/** The home route "/" (mounted by the shell). */
export function LiveMapPage() {
  return (
    <Suspense
      fallback={
        <Center style={{ flex: 1 }} mih={420} data-testid="live-map-loading">
          <Loader size="sm" />
        </Center>
      }
    >
      <LiveMap />
    </Suspense>
  );
}
