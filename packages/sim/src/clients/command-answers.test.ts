import { describe, expect, it } from "vitest";
import { answerTeltonikaCommand } from "./command-answers.ts";

describe("simulated FMB answers to Codec 12 commands", () => {
  it.each([
    ["setdigout 1", "DOUT1:1 DOUT2:0 Timeout:INFINITY"],
    ["setdigout 0", "DOUT1:0 DOUT2:0 Timeout:INFINITY"],
    ["cpureset", "Reset in 5 sec"],
    ["setparam 2001:m2m", "New value 2001:m2m"],
    ["bogus", "Unknown command: bogus"],
  ])("%s", (command, answer) => {
    expect(answerTeltonikaCommand(command)).toBe(answer);
  });
});
