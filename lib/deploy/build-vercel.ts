/**
 * `npm run build:vercel`: what Vercel builds from this repository, built here with Vercel's own command line
 * (`vercel build --prod`, the pinned devDependency) into `.vercel/output`, offline and with no account.
 *
 * - `.vercel/project.json` is written with the settings `vercel pull` would fetch for a new Next.js project
 *   (no install step, Next's output in `.next-vercel`). A checkout linked to a real project (`vercel link`)
 *   is refused rather than unlinked.
 * - The build migrates the database (lib/deploy/before-build.ts, as on Vercel). Here the database is an
 *   in-memory embedded PostgreSQL (PGlite) served on a private socket for the duration of the build: the real
 *   migrations run against a real server, nothing outside this process is touched, and no PostgreSQL install
 *   is needed. DATABASE_URL and DATABASE_URL_UNPOOLED point at it, whatever the caller's environment says.
 *
 * It ends by printing each function's size (lib/deploy/vercel-output.ts);
 * `tests/e2e/vercel-output.spec.ts` runs it and checks what every function ships.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startPgliteServer } from "../db/pglite";
import { describeFunctions, readVercelFunctions } from "./vercel-output";

const VERCEL_DIR = path.join(process.cwd(), ".vercel");
const PROJECT_FILE = path.join(VERCEL_DIR, "project.json");
const VERCEL_BIN = path.join(process.cwd(), "node_modules/vercel/dist/vc.js");
const NEXT_DIST_DIR = ".next-vercel";
/** Marks the project file this script wrote, so that a later run knows it may rewrite it. */
const OFFLINE_PROJECT_ID = "prj_offline_build";

function log(message: string) {
  console.log(`[build:vercel] ${message}`);
}

function ensureProjectFile() {
  if (fs.existsSync(PROJECT_FILE)) {
    const current = JSON.parse(fs.readFileSync(PROJECT_FILE, "utf8")) as { projectId?: string };
    if (current.projectId !== OFFLINE_PROJECT_ID) {
      // Rewriting it would unlink the checkout from its project; building with its settings would not be the
      // build the tests check.
      throw new Error(
        `${path.relative(process.cwd(), PROJECT_FILE)} links this checkout to a Vercel project; move it away to build offline, or run \`vercel build\` for that project`,
      );
    }
  }
  fs.mkdirSync(VERCEL_DIR, { recursive: true });
  const project = {
    projectId: OFFLINE_PROJECT_ID,
    orgId: "team_offline_build",
    projectName: "project-console",
    settings: {
      framework: "nextjs",
      // package.json's engines pins the major; Vercel reads it from there too.
      nodeVersion: "24.x",
      buildCommand: null,
      devCommand: null,
      // Empty: no install step (Vercel's default runs `npm install`, which needs the registry); the checkout's
      // node_modules is what builds.
      installCommand: "",
      // Next's own output goes to a folder of its own, so this build never replaces the `.next` that
      // `npm start` and the end-to-end tests run (a Vercel build has no embedded database: next.config.js).
      outputDirectory: NEXT_DIST_DIR,
      rootDirectory: null,
      directoryListing: false,
    },
  };
  fs.writeFileSync(PROJECT_FILE, `${JSON.stringify(project, null, 2)}\n`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env });
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  ensureProjectFile();
  const database = await startPgliteServer(undefined);
  try {
    const url = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(database.socketDir)}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: url,
      DATABASE_URL_UNPOOLED: url,
      VERCEL_TELEMETRY_DISABLED: "1",
      NEXT_TELEMETRY_DISABLED: "1",
      NO_UPDATE_NOTIFIER: "1",
      NEXT_DIST_DIR,
    };
    const code = await run(process.execPath, [VERCEL_BIN, "build", "--prod"], env);
    if (code !== 0) throw new Error(`vercel build exited with ${code}`);
    log("built .vercel/output; what each function ships:");
    for (const line of describeFunctions(readVercelFunctions())) log(`  ${line}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`[build:vercel] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
