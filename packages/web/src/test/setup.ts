// jsdom lacks the layout APIs Mantine relies on; minimal stand-ins so components can render in tests.
// Files that opt into the node environment (`// @vitest-environment node`) have no window: nothing to set up.
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

const inBrowser = typeof window !== "undefined";

if (inBrowser && !window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (inBrowser && !("ResizeObserver" in window)) {
  (window as unknown as { ResizeObserver: typeof NoopResizeObserver }).ResizeObserver = NoopResizeObserver;
}

if (inBrowser) {
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  });
}
