import { describe, expect, it } from "vitest";
import {
  forgetSignOutReason,
  parseSignOutReason,
  peekSignOutReason,
  rememberForbiddenSignOut,
} from "./signOutReason.ts";

describe("sign-out reason (issue 21, defect 10: forbidden URL signs out with no word why)", () => {
  it("is remembered for the sign-in screen and forgotten after", () => {
    rememberForbiddenSignOut("/users");
    expect(peekSignOutReason()).toEqual({ reason: "forbidden", path: "/users" });
    forgetSignOutReason();
    expect(peekSignOutReason()).toBeNull();
  });
  it.each([null, "", "x", "{}", "null", '{"reason":"other","path":"/"}', '{"reason":"forbidden"}'])(
    "ignores %j",
    (raw) => expect(parseSignOutReason(raw)).toBeNull(),
  );
});
