import { Center, Loader } from "@mantine/core";
import { ROUTES, type RouteDef } from "@vigia/domain";
import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { Route, Routes } from "react-router-dom";
import { CompaniesPage } from "../features/companies/companies-page.tsx";
import { LoginPage } from "../features/login/login-page.tsx";
import { PasswordSetPage } from "../features/login/password-set-page.tsx";
import { UnsubscribePage } from "../features/login/unsubscribe-page.tsx";
import { LiveMapPage } from "../features/map/live-map-page.tsx";
import { ProfilePage } from "../features/profile/profile-page.tsx";
import { RouteGuard } from "./route-guard.tsx";
import { Layout } from "./shell/layout.tsx";

/** A route's screen; lazily loaded ones can be fetched ahead of the first render. */
type Screen = ComponentType & { preload?(): Promise<unknown> };

/** Feature screens load on first visit, so the sign-in screen and the map do not wait for every form and export library. */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Screen {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const preload = () => {
    loading ??= load().then((m) => ({ default: m[name] }));
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

const SharedRoutePage = screen(
  () => import("../features/shareroute/shared-route-page.tsx"),
  "SharedRoutePage",
);

/** The screen of every framed route of the domain table, by route key. */
const SCREENS: Record<string, Screen> = {
  home: LiveMapPage,
  profile: ProfilePage,
  companies: CompaniesPage,
  alarms: screen(() => import("../features/alarms/alarm-rules-page.tsx"), "AlarmRulesPage"),
  reselleralarms: screen(() => import("../features/alarms/reseller-alarms-page.tsx"), "ResellerAlarmsPage"),
  geozones: screen(() => import("../features/places/geozones-page.tsx"), "GeozonesPage"),
  pois: screen(() => import("../features/places/pois-page.tsx"), "PoisPage"),
  wmsmaps: screen(() => import("../features/places/wms-maps-page.tsx"), "WmsMapsPage"),
  indoor: screen(() => import("../features/indoor/indoor-maps-page.tsx"), "IndoorMapsPage"),
  beacons: screen(() => import("../features/indoor/beacons-page.tsx"), "BeaconsPage"),
  beaconzones: screen(() => import("../features/indoor/beacon-zones-page.tsx"), "BeaconZonesPage"),
  vehicles: screen(() => import("../features/vehicles/vehicles-page.tsx"), "VehiclesPage"),
  assets: screen(() => import("../features/items/items-pages.tsx"), "AssetsPage"),
  persons: screen(() => import("../features/items/items-pages.tsx"), "PersonsPage"),
  drivers: screen(() => import("../features/items/items-pages.tsx"), "DriversPage"),
  groups: screen(() => import("../features/groups/groups-page.tsx"), "GroupsPage"),
  trackRules: screen(() => import("../features/trackrules/track-rules-page.tsx"), "TrackRulesPage"),
  sensors: screen(() => import("../features/sensors/sensor-settings-page.tsx"), "SensorSettingsPage"),
  appconfig: screen(() => import("../features/appconfig/index.ts"), "AppConfigPage"),
  users: screen(() => import("../features/users/users-page.tsx"), "UsersPage"),
  log: screen(() => import("../features/log/log-page.tsx"), "LogPage"),
  devices: screen(() => import("../features/devices/devices-page.tsx"), "DevicesPage"),
  resellers: screen(() => import("../features/resellers/resellers-page.tsx"), "ResellersPage"),
  superUsers: screen(() => import("../features/users/users-page.tsx"), "ResellerUsersPage"),
  reports: screen(() => import("../features/reports/reports-page.tsx"), "ReportsPage"),
  tickets: screen(() => import("../features/tickets/tickets-page.tsx"), "TicketsPage"),
  ticketsAdmin: screen(() => import("../features/tickets/tickets-admin-page.tsx"), "TicketsAdminPage"),
  forms: screen(() => import("../features/forms/forms-page.tsx"), "FormsPage"),
  integrations: screen(() => import("../features/integrations/integrations-page.tsx"), "IntegrationsPage"),
  supports: screen(() => import("../features/supports/supports-page.tsx"), "SupportsPage"),
  branding: screen(() => import("../features/resellers/branding-page.tsx"), "BrandingPage"),
  superLog: screen(() => import("../features/superlog/super-log-page.tsx"), "SuperLogPage"),
  costs: screen(() => import("../features/costs/index.ts"), "CostsPage"),
  itineraries: screen(() => import("../features/itineraries/index.ts"), "ItinerariesPage"),
  maintenances: screen(() => import("../features/maintenance/index.ts"), "MaintenancesPage"),
  dashboard: screen(() => import("../features/insights/dashboard-page.tsx"), "DashboardPage"),
  heatmaps: screen(() => import("../features/insights/heatmaps-page.tsx"), "HeatmapsPage"),
  incidents: screen(() => import("../features/insights/incidents-page.tsx"), "IncidentsPage"),
  periodic: screen(() => import("../features/insights/periodic-page.tsx"), "PeriodicPage"),
  help: screen(() => import("../features/help/help-page.tsx"), "HelpPage"),
  useterms: screen(() => import("../features/help/terms-page.tsx"), "TermsPage"),
  usersstats: screen(() => import("../features/usersstats/users-stats-page.tsx"), "UsersStatsPage"),
};

const screenFor = (route: RouteDef): ReactNode => {
  const Screen = SCREENS[route.key];
  // Every framed route of the domain table has its screen (app-routes.test.tsx holds that).
  if (!Screen) return null;
  return (
    <Suspense
      fallback={
        <Center style={{ flex: 1 }} mih={300} data-testid="screen-loading">
          <Loader />
        </Center>
      }
    >
      <Screen />
    </Suspense>
  );
};

/**
 * Loads the screen of a route key before it is first shown (resolves at once for screens in the main
 * chunk). Tests await it so that what they assert does not race the chunk's download.
 */
export async function preloadScreen(routeKey: string): Promise<void> {
  await SCREENS[routeKey]?.preload?.();
}

/** Whether a route key has its screen (for the test that every framed route has one). */
export const hasScreen = (routeKey: string): boolean => Object.hasOwn(SCREENS, routeKey);

const framed = ROUTES.filter((r) => r.kind === "company" || r.kind === "super" || r.kind === "any");

/** The whole route tree, built from the domain route table. Wrapped in a router by main.tsx or a test. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/password/set/:key" element={<PasswordSetPage />} />
      <Route path="/notifications/unsubscribe/:key" element={<UnsubscribePage />} />
      <Route
        path="/shareroute/:token"
        element={
          <Suspense fallback={null}>
            <SharedRoutePage />
          </Suspense>
        }
      />
      <Route
        path="/login"
        element={
          <RouteGuard>
            <LoginPage />
          </RouteGuard>
        }
      />
      <Route
        element={
          <RouteGuard>
            <Layout />
          </RouteGuard>
        }
      >
        {framed.map((route) => (
          <Route key={route.key} path={route.path} element={screenFor(route)} />
        ))}
        <Route path="*" element={null} />
      </Route>
    </Routes>
  );
}
