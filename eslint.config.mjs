import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next*/**",
    ".vercel/**",
    "node_modules/**",
    ".data/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
    "lib/db/migrations/**",
  ]),
  {
    // The product never depends on the demo launcher or the service simulator (they depend on it).
    files: ["app/**", "components/**", "proxy.ts", "instrumentation.ts", "lib/**"],
    ignores: ["lib/dev/**", "lib/simulator/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^@/lib/|/)(dev|simulator)(/|$)",
              message:
                "Product code must not import the demo (lib/dev) or the simulator (lib/simulator).",
            },
          ],
        },
      ],
    },
  },
]);
