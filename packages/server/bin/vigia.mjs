#!/usr/bin/env node
// The server runs its TypeScript sources directly through tsx; there is no separate build step.
import { register } from "tsx/esm/api";

register();
await import("../src/app/cli.ts");
