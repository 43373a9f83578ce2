#!/usr/bin/env node
// In a clone of the repository (src/ is there) the tool is bundled afresh from the sources first, so
// `npx project-console` never runs a stale build; the packed tarball has no src/ and runs the bundle that
// `npm pack` built.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

if (existsSync(fileURLToPath(new URL("../src/cli.ts", import.meta.url)))) {
  const { buildCli } = await import("../build.mjs");
  await buildCli();
}
const { main } = await import("../dist/cli.mjs");
await main();
