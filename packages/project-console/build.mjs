// Bundles the tool and the app code it shares (lib/signing, the sample payloads, the sender's rules) into one
// file with no runtime dependencies, so the packed tarball installs anywhere without the app's server code.
// `npm pack` runs it (prepack); in a clone bin/project-console.mjs runs it before every start (about 0.2 s),
// so the tool never runs a stale build.
import { rename } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export const OUTFILE = fileURLToPath(new URL("./dist/cli.mjs", import.meta.url));

export async function buildCli() {
  // Written aside and renamed, so two tools starting at once never import half a file.
  const temporary = `${OUTFILE}.${process.pid}.tmp.mjs`;
  await build({
    entryPoints: [fileURLToPath(new URL("./src/cli.ts", import.meta.url))],
    outfile: temporary,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // commander is CommonJS and calls require() for Node's own modules: give the ES module bundle one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    minify: true,
    legalComments: "none",
    logLevel: "warning",
  });
  await rename(temporary, OUTFILE);
  return OUTFILE;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
