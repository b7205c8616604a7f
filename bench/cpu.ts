/** CPU milliseconds (user + system) this process spent since `start` (from `process.cpuUsage()`). */
export function cpuMsSince(start: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
}
