import { ROUTES, type RouteDef } from "@vigia/domain";
import type { ReactNode } from "react";
import { Route, Routes } from "react-router-dom";
import { AlarmRulesPage } from "../alarms/AlarmRulesPage.tsx";
import { ResellerAlarmsPage } from "../alarms/ResellerAlarmsPage.tsx";
import { CompaniesPage } from "../company/CompaniesPage.tsx";
import { DevicesPage } from "../devices/DevicesPage.tsx";
import { GroupsPage } from "../groups/GroupsPage.tsx";
import { AssetsPage, DriversPage, PersonsPage } from "../items/ItemsPages.tsx";
import { LogPage } from "../log/LogPage.tsx";
import { LoginPage } from "../login/LoginPage.tsx";
import { PasswordSetPage } from "../login/PasswordSetPage.tsx";
import { UnsubscribePage } from "../login/UnsubscribePage.tsx";
import { LiveMapPage } from "../map/LiveMapPage.tsx";
import { GeozonesPage } from "../places/GeozonesPage.tsx";
import { PoisPage } from "../places/PoisPage.tsx";
import { WmsMapsPage } from "../places/WmsMapsPage.tsx";
import { ProfilePage } from "../profile/ProfilePage.tsx";
import { ResellersPage } from "../resellers/ResellersPage.tsx";
import { Layout } from "../shell/Layout.tsx";
import { NotAvailablePage } from "../shell/NotAvailablePage.tsx";
import { TrackRulesPage } from "../trackrules/TrackRulesPage.tsx";
import { ResellerUsersPage, UsersPage } from "../users/UsersPage.tsx";
import { VehiclesPage } from "../vehicles/VehiclesPage.tsx";
import { RouteGuard } from "./RouteGuard.tsx";

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

const screenFor = (route: RouteDef): ReactNode =>
  SCREENS[route.key]?.() ?? <NotAvailablePage routeKey={route.key} />;

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
