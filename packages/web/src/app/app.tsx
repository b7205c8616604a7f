import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { CompanyProvider } from "../platform/company/index.ts";
import { DatesLocale } from "../platform/i18n/dates-locale.tsx";
import { TimezoneProvider } from "../platform/session/preferences.tsx";
import { SessionProvider } from "../platform/session/session-provider.tsx";
import { AppRoutes } from "./app-routes.tsx";
import { GlobalOverlays } from "./shell/global-overlays.tsx";
import { theme } from "./theme.ts";

/** Providers in dependency order: the session needs queries and time zone; the company needs the session. */
export function App() {
  // The client toasts errors itself, so queries do not retry behind the user's back.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  return (
    <MantineProvider theme={theme}>
      <DatesLocale>
        <Notifications position="top-right" />
        <QueryClientProvider client={queryClient}>
          <TimezoneProvider>
            <SessionProvider>
              <CompanyProvider>
                <GlobalOverlays />
                <AppRoutes />
              </CompanyProvider>
            </SessionProvider>
          </TimezoneProvider>
        </QueryClientProvider>
      </DatesLocale>
    </MantineProvider>
  );
}
