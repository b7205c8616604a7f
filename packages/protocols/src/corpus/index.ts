import type { ProtocolName } from "../registry.ts";
import { topflytechCorpus } from "./topflytech.ts";
import type { CorpusFrame } from "./types.ts";
import { watchCorpus } from "./watch.ts";

/** Every family's real frames, by protocol name. */
export const CORPUS: Partial<Record<ProtocolName, CorpusFrame[]>> = {
  topflytech: topflytechCorpus,
  watch: watchCorpus,
};
