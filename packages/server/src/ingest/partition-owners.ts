/**
 * Which partitions a processor should hold, as a pure function of what the owners bucket says: every live
 * processor takes its fair share (the partition count over the live processors, rounded up), releases what it
 * holds above it and claims free partitions while below it. Tested in partition-owners.test.ts.
 */
export interface OwnersView {
  /** Live processors (their heartbeat keys). */
  nodes: readonly string[];
  /** Partition → owning node, for the partitions that have an owner. */
  owners: ReadonlyMap<number, string>;
}

export interface OwnershipPlan {
  release: number[];
  claim: number[];
}

export function planOwnership(self: string, partitions: number, view: OwnersView): OwnershipPlan {
  const nodes = view.nodes.includes(self) ? view.nodes : [...view.nodes, self];
  const fair = Math.ceil(partitions / nodes.length);
  const mine = [...view.owners].filter(([, node]) => node === self).map(([p]) => p);
  mine.sort((a, b) => a - b);
  if (mine.length > fair) return { release: mine.slice(fair), claim: [] };
  const free: number[] = [];
  // Start the search at a place of its own for each node, so two nodes rarely race for the same partition.
  const offset = [...nodes].sort().indexOf(self) * fair;
  for (let i = 0; i < partitions; i++) {
    const p = (offset + i) % partitions;
    if (!view.owners.has(p)) free.push(p);
  }
  return { release: [], claim: free.slice(0, fair - mine.length) };
}
