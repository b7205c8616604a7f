import { Center, Loader, Stack, Text } from "@mantine/core";
import { guardRoute } from "@vigia/domain";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { useCompany } from "../platform/company/index.ts";
import { useSession } from "../platform/session/session.ts";
import { rememberForbiddenSignOut } from "../platform/session/sign-out-reason.ts";

/**
 * Applies the access guard (domain `guardRoute`) on every route change: waits while the
 * session or company is loading, restores a stored company, redirects, or logs out.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const company = useCompany();
  const decision = guardRoute({
    pathname,
    loading: session.status === "loading" || company.loading,
    user: session.user ? { role: session.user.role, companyId: session.user.companyId } : null,
    selectedCompanyId: company.selectedId,
    storedCompanyId: session.storage.readCompanyId(),
  });

  const { action } = decision;
  const restoreId = decision.action === "restoreCompany" ? decision.companyId : null;
  // The session and company values change while logging out; one logout per decision is enough.
  const loggingOut = useRef(false);
  useEffect(() => {
    if (action === "logout") {
      if (loggingOut.current) return;
      loggingOut.current = true;
      // Only a route the role may not open signs out here; the sign-in screen says so.
      rememberForbiddenSignOut(pathname, session.user?.companyId === null ? "provider" : "company");
      void session.logout().then(() => {
        loggingOut.current = false;
        navigate("/login", { replace: true });
      });
    } else if (action === "restoreCompany" && restoreId !== null) {
      company.selectLocal(restoreId);
    }
  }, [action, restoreId, session, company, navigate, pathname]);

  switch (decision.action) {
    case "allow":
      return <>{children}</>;
    case "redirect":
      return <Navigate to={decision.to} replace />;
    default:
      return <LoadingScreen />;
  }
}

/** Full-page wait while the session restores or a company's data loads. */
export function LoadingScreen() {
  const { t } = useTranslation();
  const company = useCompany();
  return (
    <Center h="100vh" data-testid="loading-screen">
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        {company.loading ? (
          <Text c="dimmed" size="sm">
            {t("company.loading", { done: company.progress.done, total: company.progress.total })}
          </Text>
        ) : null}
      </Stack>
    </Center>
  );
}
