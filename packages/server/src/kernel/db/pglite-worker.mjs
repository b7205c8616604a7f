// Worker threads do not inherit the main thread's TypeScript loader; register it before loading the worker.
import { register } from "tsx/esm/api";

register();
await import("./pglite-worker.ts");
