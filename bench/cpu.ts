import { readdirSync, readFileSync } from "node:fs";

/** CPU milliseconds (user + system) this process spent since `start` (from `process.cpuUsage()`). */
export function cpuMsSince(start: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
}

/**
 * CPU milliseconds all PostgreSQL server processes of this machine have used so far (user + system, from
 * /proc/<pid>/stat), or null where that cannot be read (another OS, a remote server shows nothing here). Two
 * readings around a run give the database's CPU cost of that run, apart from ours.
 */
export function postgresCpuMs(): number | null {
  let dirs: string[];
  try {
    dirs = readdirSync("/proc");
  } catch {
    return null;
  }
  let ticks = 0;
  let seen = 0;
  for (const pid of dirs) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    // "pid (comm) state ppid …": the command may hold spaces, so fields are counted after its closing parenthesis.
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    if (comm !== "postgres" && !comm.startsWith("postgres:")) continue;
    const fields = stat.slice(close + 2).split(" ");
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the state.
    ticks += Number(fields[11]) + Number(fields[12]);
    seen += 1;
  }
  // Linux counts them in clock ticks of 1/100 s (USER_HZ).
  return seen > 0 ? ticks * 10 : null;
}
