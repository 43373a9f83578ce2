/**
 * `npm run test:e2e` builds the app with the end-to-end stack's real test secrets in its environment, so that
 * the specs that scan the client build (`<distDir>/static`) for secrets have something to find if any leaked.
 */
import { spawnSync } from "node:child_process";
import { appServerEnv } from "./e2e-env";

const result = spawnSync("npx", ["next", "build"], {
  stdio: "inherit",
  env: { ...process.env, ...appServerEnv(), NODE_ENV: "production" },
});
process.exit(result.status ?? 1);
