import type { DeviceCommand } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { awaitingAnswer, commandErrorKey, isDangerous, shownStatus } from "./commands-logic.ts";

const command = (status: DeviceCommand["status"]): DeviceCommand => ({
  id: 1,
  kind: "reboot",
  text: "cpureset",
  status,
  result: null,
  createdTs: 0,
  sentTs: null,
  answeredTs: null,
  expiresTs: 1,
  by: "admin@acme.demo",
});

describe("the item panel's commands section", () => {
  it.each([
    [["pending"], true],
    [["answered", "sent"], true],
    [["answered", "failed", "timeout", "expired"], false],
    [[], false],
  ] as const)("asks again while %j wait", (statuses, expected) => {
    expect(awaitingAnswer(statuses.map(command))).toBe(expected);
  });

  it.each([
    ["command.noDevice", "commands.errors.noDevice"],
    ["command.unsupported", "commands.errors.unsupported"],
    ["command.noEngine", "commands.errors.noEngine"],
    ["forbidden", "commands.errors.forbidden"],
    ["read.only", "commands.errors.forbidden"],
    ["something else", null],
  ])("error %s reads as %s", (description, key) => {
    expect(commandErrorKey(description)).toBe(key);
  });

  it("shows only engine stop as dangerous", () => {
    expect(isDangerous("engineStop")).toBe(true);
    expect(isDangerous("engineResume")).toBe(false);
  });

  it.each([
    ["timeout", ["reboot"], "sent"],
    ["timeout", [], "timeout"],
    ["answered", ["reboot"], "answered"],
    ["expired", ["reboot"], "expired"],
    ["sent", ["reboot"], "sent"],
  ] as const)(
    "a %s reboot shows as %j → %s when the protocol cannot answer those",
    (status, unanswered, shown) => {
      expect(shownStatus(command(status), unanswered)).toBe(shown);
    },
  );
});
