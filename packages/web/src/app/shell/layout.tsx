import { AppShell, ScrollArea } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { Outlet } from "react-router-dom";
import { useResellerLoad } from "../../platform/company/index.ts";
import { FRAME_SLOTS } from "../slots.tsx";
import { CompanyBlockedModal } from "./company-blocked-modal.tsx";
import { InfoModal } from "./info-modal.tsx";
import { LiveChannelProvider } from "./live-channel-provider.tsx";
import { NavMenu } from "./nav-menu.tsx";
import { SupportDrawer } from "./support-drawer.tsx";
import { TopBar } from "./top-bar.tsx";

const NAV_WIDTH = 248;
const NAV_COLLAPSED_WIDTH = 68;

/** The frame around every signed-in screen: top bar, collapsible left menu, and the shell's modals. */
export function Layout() {
  useResellerLoad();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [collapsed, setCollapsed] = useState(false);
  const [infoOpened, info] = useDisclosure(false);
  const [supportOpened, support] = useDisclosure(false);

  return (
    <LiveChannelProvider>
      <AppShell
        header={{ height: 60 }}
        navbar={{
          width: collapsed ? NAV_COLLAPSED_WIDTH : NAV_WIDTH,
          breakpoint: "sm",
          collapsed: { mobile: !mobileOpened },
        }}
        padding="md"
      >
        <AppShell.Header>
          <TopBar
            mobileOpened={mobileOpened}
            onToggleMobile={mobile.toggle}
            collapsed={collapsed}
            onToggleCollapsed={() => setCollapsed((c) => !c)}
            items={FRAME_SLOTS.topBar}
          />
        </AppShell.Header>
        <AppShell.Navbar p={collapsed ? 6 : "xs"}>
          <AppShell.Section grow component={ScrollArea} type="scroll" scrollbarSize={6}>
            <NavMenu
              collapsed={collapsed}
              onNavigate={mobile.close}
              onOpenInfo={info.open}
              onOpenSupport={support.open}
            />
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main bg="var(--mantine-color-gray-0)" style={{ display: "flex", flexDirection: "column" }}>
          <Outlet />
        </AppShell.Main>
        {FRAME_SLOTS.beside.map(({ id, Component }) => (
          <Component key={id} />
        ))}
        <InfoModal opened={infoOpened} onClose={info.close} />
        <SupportDrawer opened={supportOpened} onClose={support.close} />
        <CompanyBlockedModal />
      </AppShell>
    </LiveChannelProvider>
  );
}
