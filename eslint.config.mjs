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
    "packages/*/dist/**",
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
  {
    // The signing core is imported by code outside the Next app (the command-line tool): it may import its
    // own files and node:crypto, nothing else (no @/ path, server-only, zod or environment).
    files: ["lib/signing/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!\\./[\\w.-]+$|node:crypto$)",
              message: "lib/signing imports only its own files (./name) and node:crypto.",
            },
          ],
        },
      ],
    },
  },
]);
