import { Center, Loader } from "@mantine/core";
import { ROUTES, type RouteDef } from "@vigia/domain";
import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { Route, Routes } from "react-router-dom";
import { CompaniesPage } from "../features/company/CompaniesPage.tsx";
import { LoginPage } from "../features/login/LoginPage.tsx";
import { PasswordSetPage } from "../features/login/PasswordSetPage.tsx";
import { UnsubscribePage } from "../features/login/UnsubscribePage.tsx";
import { LiveMapPage } from "../features/map/LiveMapPage.tsx";
import { ProfilePage } from "../features/profile/ProfilePage.tsx";
import { RouteGuard } from "./RouteGuard.tsx";
import { Layout } from "./shell/Layout.tsx";
import { NotAvailablePage } from "./shell/NotAvailablePage.tsx";

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
const AlarmRulesPage = screen(() => import("../features/alarms/AlarmRulesPage.tsx"), "AlarmRulesPage");
const ResellerAlarmsPage = screen(
  () => import("../features/alarms/ResellerAlarmsPage.tsx"),
  "ResellerAlarmsPage",
);
const DevicesPage = screen(() => import("../features/devices/DevicesPage.tsx"), "DevicesPage");
const GroupsPage = screen(() => import("../features/groups/GroupsPage.tsx"), "GroupsPage");
const LogPage = screen(() => import("../features/log/LogPage.tsx"), "LogPage");
const GeozonesPage = screen(() => import("../features/places/GeozonesPage.tsx"), "GeozonesPage");
const PoisPage = screen(() => import("../features/places/PoisPage.tsx"), "PoisPage");
const WmsMapsPage = screen(() => import("../features/places/WmsMapsPage.tsx"), "WmsMapsPage");
const ResellersPage = screen(() => import("../features/resellers/ResellersPage.tsx"), "ResellersPage");
const SensorSettingsPage = screen(
  () => import("../features/sensors/SensorSettingsPage.tsx"),
  "SensorSettingsPage",
);
const TrackRulesPage = screen(() => import("../features/trackrules/TrackRulesPage.tsx"), "TrackRulesPage");
const VehiclesPage = screen(() => import("../features/vehicles/VehiclesPage.tsx"), "VehiclesPage");
const AssetsPage = screen(() => import("../features/items/ItemsPages.tsx"), "AssetsPage");
const PersonsPage = screen(() => import("../features/items/ItemsPages.tsx"), "PersonsPage");
const DriversPage = screen(() => import("../features/items/ItemsPages.tsx"), "DriversPage");
const UsersPage = screen(() => import("../features/users/UsersPage.tsx"), "UsersPage");
const ResellerUsersPage = screen(() => import("../features/users/UsersPage.tsx"), "ResellerUsersPage");

/** Screens built so far; every other route of the domain table shows the honest "not available yet" page. */
const SCREENS: Record<string, Screen> = {
  home: LiveMapPage,
  profile: ProfilePage,
  companies: CompaniesPage,
  alarms: AlarmRulesPage,
  reselleralarms: ResellerAlarmsPage,
  geozones: GeozonesPage,
  pois: PoisPage,
  wmsmaps: WmsMapsPage,
  vehicles: VehiclesPage,
  assets: AssetsPage,
  persons: PersonsPage,
  drivers: DriversPage,
  groups: GroupsPage,
  trackRules: TrackRulesPage,
  sensors: SensorSettingsPage,
  users: UsersPage,
  log: LogPage,
  devices: DevicesPage,
  resellers: ResellersPage,
  superUsers: ResellerUsersPage,
};

const screenFor = (route: RouteDef): ReactNode => {
  const Screen = SCREENS[route.key];
  if (!Screen) return <NotAvailablePage routeKey={route.key} />;
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

const framed = ROUTES.filter((r) => r.kind === "company" || r.kind === "super" || r.kind === "any");

/** The whole route tree, built from the domain route table. Wrapped in a router by main.tsx or a test. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/password/set/:key" element={<PasswordSetPage />} />
      <Route path="/notifications/unsubscribe/:key" element={<UnsubscribePage />} />
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
