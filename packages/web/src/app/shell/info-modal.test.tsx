import { fireEvent, screen } from "@testing-library/react";
import i18n from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testSession, testUser } from "../../test/fixtures.ts";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { InfoModal } from "./info-modal.tsx";

const user = testUser({ role: "ADMIN" });

beforeAll(() => {
  useEnglish();
});
afterEach(() => vi.unstubAllGlobals());

/** The modal open, as the signed-in admin sees it. */
function renderInfo() {
  renderWithApp(<InfoModal opened onClose={() => undefined} />, { session: testSession(user), query: true });
}

function serveLogs() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) =>
      url.includes("app-changelog")
        ? new Response("Worker app 1.8.2", { status: 200, headers: { "content-type": "text/plain" } })
        : new Response("2.4.30", { status: 200, headers: { "content-type": "text/plain" } }),
    ),
  );
}

describe("InfoModal Apps tab", () => {
  it("says the app is not published instead of showing dead store buttons", async () => {
    serveLogs();
    renderInfo();
    fireEvent.click(await screen.findByRole("tab", { name: "Apps" }));
    expect(await screen.findByTestId("no-app-links")).toBeTruthy();
    expect(screen.queryByText("Google Play")).toBeNull();
    expect((await screen.findByText("Worker app 1.8.2")).textContent).toBe("Worker app 1.8.2");
  });

  it("shows only the links the site configured", async () => {
    serveLogs();
    const session = testSession(user);
    const site = {
      ...session.site,
      apps: {
        ...session.site.apps,
        playStoreUrl: "https://play.example/app",
        apkUrl: "https://x.example/a.apk",
      },
    };
    renderWithApp(<InfoModal opened onClose={() => undefined} />, {
      session: { ...session, site },
      query: true,
    });
    fireEvent.click(await screen.findByRole("tab", { name: "Apps" }));
    const play = await screen.findByText("Google Play");
    expect(play.closest("a")?.getAttribute("href")).toBe("https://play.example/app");
    expect(screen.queryByText("App Store")).toBeNull();
    expect(screen.getByText("Download APK").closest("a")?.getAttribute("href")).toBe(
      "https://x.example/a.apk",
    );
    expect(screen.queryByTestId("no-app-links")).toBeNull();
  });
});

describe("InfoModal Web tab", () => {
  const text = (body: string) =>
    new Response(body, { status: 200, headers: { "content-type": "text/plain" } });
  afterEach(() => {
    void i18n.changeLanguage("en");
  });

  it("shows the web change log in the reader's language", async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        fetched.push(url);
        return url === "/changelog.es.txt" ? text("2.4.30 Nuevo marco") : text("2.4.30 New frame");
      }),
    );
    await i18n.changeLanguage("es");
    renderInfo();
    fireEvent.click(await screen.findByText("Mostrar registro de cambios"));
    expect(await screen.findByText("2.4.30 Nuevo marco")).toBeTruthy();
    expect(fetched).toContain("/changelog.es.txt");
    expect(fetched).not.toContain("/changelog.txt");
  });

  it("falls back to English when the language has no change log (the SPA answers index.html)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) =>
        url === "/changelog.txt"
          ? text("2.4.30 New frame")
          : new Response("<html></html>", { status: 200, headers: { "content-type": "text/html" } }),
      ),
    );
    await i18n.changeLanguage("tr");
    renderInfo();
    fireEvent.click(await screen.findByText("Değişiklik günlüğünü göster"));
    expect(await screen.findByText("2.4.30 New frame")).toBeTruthy();
  });
  it("offers the platform's own web app: a link and a QR code of its address", async () => {
    serveLogs();
    renderInfo();
    fireEvent.click(await screen.findByRole("tab", { name: "Apps" }));
    const link = await screen.findByTestId("web-app-link");
    expect(link.getAttribute("href")).toBe(`${window.location.origin}/app/`);
    expect(link.textContent).toContain("Open the web app");
    expect((await screen.findByTestId("web-app-qr")).getAttribute("alt")).toBe(
      `${window.location.origin}/app/`,
    );
  });
});
