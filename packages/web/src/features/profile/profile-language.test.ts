import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../platform/api/instance.ts";
import { testUser } from "../../test/fixtures.ts";
import { profileOf, saveProfileLanguage } from "./profile-language.ts";

const user = testUser({ language: "es", timezone: "Europe/Madrid" });

afterEach(() => vi.restoreAllMocks());

describe("the user menu's language is the profile's", () => {
  it("saves the chosen language with the rest of the profile unchanged", async () => {
    const answer = { ...user, language: "fr" as const };
    // The generic client is stubbed with the one answer this call gets.
    const call = vi.spyOn(api, "call").mockImplementation((() => Promise.resolve(answer)) as typeof api.call);
    const saved = await saveProfileLanguage(user, "fr");
    expect(saved.language).toBe("fr");
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]?.[1]).toEqual({ body: { ...profileOf(user), language: "fr" } });
  });

  it("does not call the server when the language did not change", async () => {
    const call = vi.spyOn(api, "call");
    expect(await saveProfileLanguage(user, "es")).toBe(user);
    expect(call).not.toHaveBeenCalled();
  });
});
