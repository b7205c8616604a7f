import { describe, expect, it } from "vitest";
import {
  forgetSignOutReason,
  parseSignOutReason,
  peekSignOutReason,
  rememberForbiddenSignOut,
  rememberWrongBrandSignOut,
} from "./sign-out-reason.ts";

describe("sign-out reason", () => {
  it("is remembered for the sign-in screen and forgotten after", () => {
    rememberForbiddenSignOut("/users");
    expect(peekSignOutReason()).toEqual({ reason: "forbidden", path: "/users", askTo: "company" });
    forgetSignOutReason();
    expect(peekSignOutReason()).toBeNull();
  });
  it("sends reseller staff to their platform provider, not to a company administrator", () => {
    rememberForbiddenSignOut("/superLog", "provider");
    expect(peekSignOutReason()).toEqual({ reason: "forbidden", path: "/superLog", askTo: "provider" });
    forgetSignOutReason();
    expect(parseSignOutReason('{"reason":"forbidden","path":"/x","askTo":"boss"}')).toMatchObject({
      askTo: "company",
    });
  });
  it("remembers a session refused on another brand's host", () => {
    rememberWrongBrandSignOut();
    expect(peekSignOutReason()).toEqual({ reason: "wrongBrand" });
    forgetSignOutReason();
    expect(peekSignOutReason()).toBeNull();
  });
  it.each([null, "", "x", "{}", "null", '{"reason":"other","path":"/"}', '{"reason":"forbidden"}'])(
    "ignores %j",
    (raw) => expect(parseSignOutReason(raw)).toBeNull(),
  );
});
