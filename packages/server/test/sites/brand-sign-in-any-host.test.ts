import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** VIGIA_BRAND_SIGN_IN=any: the platform's operator lets every account sign in on every brand's host. */

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_BRAND_SIGN_IN: "any" });
});
afterAll(async () => {
  await p?.close();
});

describe("sign-in per brand host turned off", () => {
  it("lets a customer of another reseller sign in on a brand's host", async () => {
    const login = await p.api.login("admin@globex.demo", undefined, {
      "x-forwarded-host": "iberia.localhost",
    });
    expect(login.status).toBe(200);
    // The password is still checked.
    const wrong = await p.api.login("admin@globex.demo", "Wrong-Pass1", {
      "x-forwarded-host": "iberia.localhost",
    });
    expect(wrong.status).toBe(401);
  });

  it("lets a session of another brand's account work on a brand's host", async () => {
    const token = await p.api.token("admin@globex.demo");
    expect((await p.api.get("current/user", token, { "x-forwarded-host": "iberia.localhost" })).status).toBe(
      200,
    );
  });
});
