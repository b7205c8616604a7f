import type { ProtocolName } from "../registry.ts";
import { atrackCorpus } from "./atrack.ts";
import { calampCorpus } from "./calamp.ts";
import { cellocatorCorpus } from "./cellocator.ts";
import { eelinkCorpus } from "./eelink.ts";
import { egtsCorpus } from "./egts.ts";
import { galileoskyCorpus } from "./galileosky.ts";
import { gl200Corpus } from "./gl200.ts";
import { gps103Corpus } from "./gps103.ts";
import { gt06Corpus } from "./gt06.ts";
import { h02Corpus } from "./h02.ts";
import { jt808Corpus } from "./jt808.ts";
import { meitrackCorpus } from "./meitrack.ts";
import { navtelecomCorpus } from "./navtelecom.ts";
import { osmandCorpus } from "./osmand.ts";
import { ruptelaCorpus } from "./ruptela.ts";
import { suntechCorpus } from "./suntech.ts";
import { teltonikaCorpus } from "./teltonika.ts";
import { tk103Corpus } from "./tk103.ts";
import { topflytechCorpus } from "./topflytech.ts";
import type { CorpusFrame } from "./types.ts";
import { watchCorpus } from "./watch.ts";
import { wialonCorpus } from "./wialon.ts";

/** Every family's real frames, by protocol name. */
export const CORPUS: Partial<Record<ProtocolName, CorpusFrame[]>> = {
  atrack: atrackCorpus,
  calamp: calampCorpus,
  cellocator: cellocatorCorpus,
  eelink: eelinkCorpus,
  egts: egtsCorpus,
  galileosky: galileoskyCorpus,
  gl200: gl200Corpus,
  gps103: gps103Corpus,
  gt06: gt06Corpus,
  h02: h02Corpus,
  jt808: jt808Corpus,
  navtelecom: navtelecomCorpus,
  meitrack: meitrackCorpus,
  osmand: osmandCorpus,
  ruptela: ruptelaCorpus,
  suntech: suntechCorpus,
  teltonika: teltonikaCorpus,
  tk103: tk103Corpus,
  topflytech: topflytechCorpus,
  watch: watchCorpus,
  wialon: wialonCorpus,
};
