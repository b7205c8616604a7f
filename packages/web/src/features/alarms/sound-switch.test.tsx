import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { User } from "@vigia/domain";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SessionContext } from "../../platform/session/session.ts";
import { testSession, testUser } from "../../test/fixtures.ts";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { SoundSwitch } from "./alarm-center.tsx";

beforeAll(() => {
  useEnglish();
});
afterEach(() => vi.unstubAllGlobals());

/** The server echoes the saved body onto the user; `status` other than 200 refuses. */
function fakeServer(user: User, status = 200) {
  const calls: { method: string; path: string; body: { config?: { alarmFrontSound?: boolean } } }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? "{}"));
      calls.push({ method: init.method ?? "GET", path: url.replace(/^\/fr\/v1\//, ""), body });
      return status === 200
        ? new Response(JSON.stringify({ ...user, config: body.config }), { status })
        : new Response(JSON.stringify({ description: "forbidden" }), { status });
    }),
  );
  return calls;
}

/** The switch under a session whose user really changes, as SessionProvider's does. */
function WithSession({ initial, seen }: { initial: User; seen: User[] }) {
  const [user, setUser] = useState(initial);
  const session = {
    ...testSession(user),
    setUser: (next: User) => {
      seen.push(next);
      setUser(next);
    },
  };
  return (
    <SessionContext.Provider value={session}>
      <SoundSwitch />
    </SessionContext.Provider>
  );
}

describe("alarm sound switch", () => {
  it.each([
    ["OPERATOR", 7, null, "companies/id/7/users/id/41"],
    ["RESELLER", null, 3, "resellers/users/id/41"],
    ["SUPER_RESELLER", null, 1, "resellers/users/id/41"],
  ] as const)("a %s saves it through %s", async (role, companyId, resellerId, path) => {
    const user = testUser({ id: 41, role, companyId, resellerId, groups: companyId ? [2] : [] });
    const calls = fakeServer(user);
    const seen: User[] = [];
    renderWithApp(<WithSession initial={user} seen={seen} />);
    const toggle = screen.getByTestId("alarm-sound");
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(seen.at(-1)?.config.alarmFrontSound).toBe(false));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: "PUT", path, body: { config: { alarmFrontSound: false } } });
    expect(localStorage.getItem("vigia.alarmSound")).toBeNull();
  });

  it("goes back when the server refuses", async () => {
    const user = testUser({ id: 41, role: "OPERATOR", companyId: 7, groups: [2] });
    fakeServer(user, 403);
    const seen: User[] = [];
    renderWithApp(<WithSession initial={user} seen={seen} />);
    fireEvent.click(screen.getByTestId("alarm-sound"));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[0]?.config.alarmFrontSound).toBe(false);
    expect(seen[1]?.config.alarmFrontSound).toBe(true);
    expect((screen.getByTestId("alarm-sound") as HTMLInputElement).checked).toBe(true);
  });
});
