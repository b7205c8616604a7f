import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type RenderResult, render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { initI18n } from "../platform/i18n/index.ts";
import { SessionContext, type SessionValue } from "../platform/session/session.ts";
import { LANGUAGE_KEY } from "../platform/session/storage.ts";

/** Tests read the English texts: the language is chosen the way the app does it, through local storage. */
export function useEnglish(): void {
  localStorage.setItem(LANGUAGE_KEY, "en");
  initI18n();
}

/** A query client for tests: a failed request fails at once instead of retrying behind the assertion. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

export interface AppWrap {
  /** Signed-in user the component reads through the session context. */
  session?: SessionValue;
  /** Present when the component fetches; a fresh test client when `true`. */
  query?: QueryClient | true;
}

/** The providers every screen runs under in the app, without the ones a test does not ask for. */
export function withApp(node: ReactNode, wrap: AppWrap = {}): ReactElement {
  let tree = node;
  if (wrap.session) tree = <SessionContext.Provider value={wrap.session}>{tree}</SessionContext.Provider>;
  if (wrap.query) {
    const client = wrap.query === true ? testQueryClient() : wrap.query;
    tree = <QueryClientProvider client={client}>{tree}</QueryClientProvider>;
  }
  // env="test" turns off Mantine's transitions and portals, so a closed modal is gone at once.
  return <MantineProvider env="test">{tree}</MantineProvider>;
}

export function renderWithApp(node: ReactNode, wrap: AppWrap = {}): RenderResult {
  return render(withApp(node, wrap));
}
