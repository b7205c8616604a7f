import { Center, Loader } from "@mantine/core";
import { ROUTES, type RouteDef } from "@vigia/domain";
import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { Route, Routes } from "react-router-dom";
import { CompaniesPage } from "../company/CompaniesPage.tsx";
import { LoginPage } from "../login/LoginPage.tsx";
import { PasswordSetPage } from "../login/PasswordSetPage.tsx";
import { UnsubscribePage } from "../login/UnsubscribePage.tsx";
import { LiveMapPage } from "../map/LiveMapPage.tsx";
import { ProfilePage } from "../profile/ProfilePage.tsx";
import { Layout } from "../shell/Layout.tsx";
import { NotAvailablePage } from "../shell/NotAvailablePage.tsx";
import { RouteGuard } from "./RouteGuard.tsx";

/** Feature screens load on first visit, so the sign-in screen and the map do not wait for every form and export library. */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
const AlarmRulesPage = screen(() => import("../alarms/AlarmRulesPage.tsx"), "AlarmRulesPage");
const ResellerAlarmsPage = screen(() => import("../alarms/ResellerAlarmsPage.tsx"), "ResellerAlarmsPage");
const DevicesPage = screen(() => import("../devices/DevicesPage.tsx"), "DevicesPage");
const GroupsPage = screen(() => import("../groups/GroupsPage.tsx"), "GroupsPage");
const LogPage = screen(() => import("../log/LogPage.tsx"), "LogPage");
const GeozonesPage = screen(() => import("../places/GeozonesPage.tsx"), "GeozonesPage");
const PoisPage = screen(() => import("../places/PoisPage.tsx"), "PoisPage");
const WmsMapsPage = screen(() => import("../places/WmsMapsPage.tsx"), "WmsMapsPage");
const ResellersPage = screen(() => import("../resellers/ResellersPage.tsx"), "ResellersPage");
const TrackRulesPage = screen(() => import("../trackrules/TrackRulesPage.tsx"), "TrackRulesPage");
const VehiclesPage = screen(() => import("../vehicles/VehiclesPage.tsx"), "VehiclesPage");
const AssetsPage = screen(() => import("../items/ItemsPages.tsx"), "AssetsPage");
const PersonsPage = screen(() => import("../items/ItemsPages.tsx"), "PersonsPage");
const DriversPage = screen(() => import("../items/ItemsPages.tsx"), "DriversPage");
const UsersPage = screen(() => import("../users/UsersPage.tsx"), "UsersPage");
const ResellerUsersPage = screen(() => import("../users/UsersPage.tsx"), "ResellerUsersPage");

/** Screens built so far; every other route of the domain table shows the honest "not available yet" page. */
const SCREENS: Record<string, () => ReactNode> = {
  home: () => <LiveMapPage />,
  profile: () => <ProfilePage />,
  companies: () => <CompaniesPage />,
  alarms: () => <AlarmRulesPage />,
  reselleralarms: () => <ResellerAlarmsPage />,
  geozones: () => <GeozonesPage />,
  pois: () => <PoisPage />,
  wmsmaps: () => <WmsMapsPage />,
  vehicles: () => <VehiclesPage />,
  assets: () => <AssetsPage />,
  persons: () => <PersonsPage />,
  drivers: () => <DriversPage />,
  groups: () => <GroupsPage />,
  trackRules: () => <TrackRulesPage />,
  users: () => <UsersPage />,
  log: () => <LogPage />,
  devices: () => <DevicesPage />,
  resellers: () => <ResellersPage />,
  superUsers: () => <ResellerUsersPage />,
};

const screenFor = (route: RouteDef): ReactNode => {
  const build = SCREENS[route.key];
  if (!build) return <NotAvailablePage routeKey={route.key} />;
  return (
    <Suspense
      fallback={
        <Center style={{ flex: 1 }} mih={300} data-testid="screen-loading">
          <Loader />
        </Center>
      }
    >
      {build()}
    </Suspense>
  );
};

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
