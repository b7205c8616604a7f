import type { ReportResult } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEEP_MS, ReportJobs, STALE_MS } from "../../src/reports/jobs.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * Report jobs across API nodes: two ReportJobs over one database stand for two nodes behind a
 * balancer. Whichever node runs a job, the other answers its status, cancels it and finds its result; a job
 * belongs to its company and user; finished jobs expire and a job whose node went quiet fails.
 */
let p: TestPlatform;
let acme = 0;
let admin = 0;
let other = 0;
let now = TEST_START;
const clock = () => now;

const result: ReportResult = {
  type: "trips",
  from: 0,
  to: 1,
  createdTs: 0,
  columns: [{ key: "distance", kind: "distance" }],
  rows: [[12.3]],
  chart: null,
  map: null,
  notice: null,
  fuelUnit: 0,
};

/** A job whose work waits until the test lets it go on, reporting progress in between. */
function controlled() {
  let release: () => void = () => {};
  let reached: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const started = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const work = async (step: (f: number) => void) => {
    step(0.3);
    reached();
    await gate;
    step(0.9);
    return result;
  };
  return { work, started, release: () => release() };
}

const owner = () => ({ companyId: acme, userId: admin, name: "Week", lang: "en", timezone: "UTC" });

beforeAll(async () => {
  p = await startTestPlatform();
  const db = p.ctx.db;
  acme = (await db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!.id;
  const user = async (email: string) =>
    (await db.query<{ id: number }>("select id from users where email = $1", [email]))[0]!.id;
  admin = await user("admin@acme.demo");
  other = await user("subadmin@acme.demo");
});
afterAll(async () => {
  await p?.close();
});

describe("report jobs over several nodes", () => {
  it("answers progress and the result on a node that does not run the job", async () => {
    const a = new ReportJobs(p.ctx.db, clock);
    const b = new ReportJobs(p.ctx.db, clock);
    const c = controlled();
    const job = await a.start(owner(), c.work);
    expect((await b.get(job.id, acme, admin))?.job.state).toBe("running");
    await c.started;
    // The 0.3 step queued a progress write; the job's next write waits for it, so release and settle.
    c.release();
    await a.settled(job.id);
    expect(a.runsHere(job.id)).toBe(false);
    const seen = await b.get(job.id, acme, admin);
    expect(seen?.job).toMatchObject({ state: "done", progress: 1, error: null, result });
    expect(seen).toMatchObject({ name: "Week", lang: "en", timezone: "UTC" });
  });

  it("keeps a job cancelled on another node cancelled, whatever its work still produces", async () => {
    const a = new ReportJobs(p.ctx.db, clock);
    const b = new ReportJobs(p.ctx.db, clock);
    const c = controlled();
    const job = await a.start(owner(), c.work);
    await c.started;
    expect(await b.cancel(job.id, acme, admin)).toBe(true);
    c.release();
    await a.settled(job.id);
    const seen = await a.get(job.id, acme, admin);
    expect(seen?.job.state).toBe("cancelled");
    expect(seen?.job.result).toBeNull();
  });

  it("belongs to its company and user only, on every node", async () => {
    const a = new ReportJobs(p.ctx.db, clock);
    const b = new ReportJobs(p.ctx.db, clock);
    const c = controlled();
    const job = await a.start(owner(), c.work);
    for (const node of [a, b]) {
      expect(await node.get(job.id, acme + 1000, admin)).toBeNull();
      expect(await node.get(job.id, acme, other)).toBeNull();
      expect(await node.cancel(job.id, acme, other)).toBe(false);
    }
    c.release();
    await a.settled(job.id);
    expect((await b.get(job.id, acme, admin))?.job.state).toBe("done");
  });

  it("limits the jobs one user runs at once, counted over every node", async () => {
    const a = new ReportJobs(p.ctx.db, clock);
    const b = new ReportJobs(p.ctx.db, clock);
    const gates = [controlled(), controlled(), controlled()];
    const ids: string[] = [];
    for (const [i, g] of gates.entries()) ids.push((await (i % 2 ? b : a).start(owner(), g.work)).id);
    expect(await a.canStart(admin)).toBe(false);
    expect(await b.canStart(admin)).toBe(false);
    expect(await a.canStart(other)).toBe(true);
    for (const g of gates) g.release();
    await Promise.all(ids.map((id) => Promise.all([a.settled(id), b.settled(id)])));
    expect(await b.canStart(admin)).toBe(true);
  });

  it("records a failure's API description", async () => {
    const a = new ReportJobs(p.ctx.db, clock);
    const job = await a.start(owner(), async () => {
      throw Object.assign(new Error("search.too.broad"), { statusCode: 406 });
    });
    await a.settled(job.id);
    expect((await a.get(job.id, acme, admin))?.job).toMatchObject({
      state: "failed",
      error: "search.too.broad",
    });
  });

  it("deletes finished jobs after their keeping time and fails jobs whose node went quiet", async () => {
    const a = new ReportJobs(p.ctx.db, clock);
    const b = new ReportJobs(p.ctx.db, clock);
    const finished = await a.start(owner(), async () => result);
    await a.settled(finished.id);
    // A job node b started and never finished: b stopped (its work never ends).
    const lost = await b.start(owner(), () => new Promise<ReportResult>(() => {}));
    now += STALE_MS + 1;
    await a.sweep();
    expect((await a.get(lost.id, acme, admin))?.job).toMatchObject({
      state: "failed",
      error: "report.failed",
    });
    expect((await a.get(finished.id, acme, admin))?.job.state).toBe("done");
    now += KEEP_MS + 1;
    await a.sweep();
    expect(await a.get(finished.id, acme, admin)).toBeNull();
    expect(await a.get(lost.id, acme, admin)).toBeNull();
  });
});
