import type { ReportResult } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { ReportJobs } from "./jobs.ts";

const owner = { companyId: 1, userId: 7, name: "", lang: "en", timezone: "UTC" };
const result: ReportResult = {
  type: "trips",
  from: 0,
  to: 1,
  createdTs: 0,
  columns: [],
  rows: [],
  chart: null,
  map: null,
  notice: null,
  fuelUnit: 0,
};

/** A job whose work waits until the test lets it go on, reporting progress in between. */
function controlled() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const work = async (step: (f: number) => void) => {
    step(0.3);
    await gate;
    step(0.9);
    return result;
  };
  return { work, release: () => release() };
}

describe("ReportJobs", () => {
  it("records progress and the result", async () => {
    const jobs = new ReportJobs(() => 0);
    const c = controlled();
    const job = jobs.start(owner, c.work);
    expect(job.state).toBe("running");
    await new Promise((resolve) => setImmediate(resolve));
    expect(jobs.get(job.id, 1, 7)?.job.progress).toBe(0.3);
    c.release();
    expect((await jobs.settled(job.id))?.state).toBe("done");
    expect(jobs.get(job.id, 1, 7)?.job.result).toBe(result);
  });

  it("stops a cancelled job at its next step and keeps it cancelled", async () => {
    const jobs = new ReportJobs(() => 0);
    const c = controlled();
    const job = jobs.start(owner, c.work);
    await new Promise((resolve) => setImmediate(resolve));
    expect(jobs.cancel(job.id, 1, 7)).toBe(true);
    c.release();
    const settled = await jobs.settled(job.id);
    expect(settled?.state).toBe("cancelled");
    expect(settled?.result).toBeNull();
  });

  it("belongs to its company and user only", () => {
    const jobs = new ReportJobs(() => 0);
    const job = jobs.start(owner, controlled().work);
    expect(jobs.get(job.id, 2, 7)).toBeNull();
    expect(jobs.get(job.id, 1, 8)).toBeNull();
    expect(jobs.cancel(job.id, 1, 8)).toBe(false);
  });

  it("limits the jobs one user runs at once", () => {
    const jobs = new ReportJobs(() => 0);
    for (let i = 0; i < 3; i++) jobs.start(owner, controlled().work);
    expect(jobs.canStart(7)).toBe(false);
    expect(jobs.canStart(8)).toBe(true);
  });

  it("records a failure's API description", async () => {
    const jobs = new ReportJobs(() => 0);
    const job = jobs.start(owner, async () => {
      throw Object.assign(new Error("search.too.broad"), { statusCode: 406 });
    });
    expect((await jobs.settled(job.id))?.error).toBe("search.too.broad");
  });
});
