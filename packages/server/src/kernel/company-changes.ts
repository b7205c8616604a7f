import type { Cluster } from "./cluster.ts";

/**
 * How a per-company cache hears that the rows it keeps changed on another node of a cluster, and tells the other
 * nodes when they changed here: one named cluster signal per kind of kept rows. On a single process there is no
 * other node, so both ends do nothing. Caches take it in their constructor (`app/services.ts` builds them all).
 */
export interface CompanyChanges {
  /** The company's rows changed on this node: the other nodes drop their copy. */
  announce(companyId: number): void;
  /** `forget` runs with the company whenever any node announces a change (this one included). */
  follow(forget: (companyId: number) => void): void;
}

/** A single process: nothing to tell, nothing to hear. */
export const localChanges: CompanyChanges = { announce: () => {}, follow: () => {} };

/** The changes of one kind of rows over the cluster's signal `name`, or none without a cluster. */
export function companyChanges(
  cluster: Pick<Cluster, "signal" | "onSignal"> | undefined,
  name: string,
): CompanyChanges {
  if (!cluster) return localChanges;
  return {
    announce: (companyId) => cluster.signal(name, String(companyId)),
    follow: (forget) => cluster.onSignal(name, (companyId) => forget(Number(companyId))),
  };
}
