import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const WEBHOOKS_SERVER = {
  regex: "(^|/)webhooks/server(/|$)|^(\\.\\./)+server(/|$)",
  allowTypeImports: true,
  message: "Browser and shared code must not import lib/webhooks/server (a type import is fine).",
};
const WEBHOOKS_BROWSER = {
  regex: "(^|/)webhooks/browser(/|$)|^(\\.\\./)+browser(/|$)",
  allowTypeImports: true,
  message: "Shared code must not import lib/webhooks/browser (a type import is fine).",
};
// What exists only on the server: Node's modules, the server-only marker, the database and the environment.
const NODE_ONLY = [
  {
    regex: "^(node:|server-only$|@/lib/(db|env)(/|$))",
    allowTypeImports: true,
    message:
      "Browser and shared code must not import server-only modules (node:, server-only, lib/db, lib/env).",
  },
];

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
    ignores: ["lib/dev/**", "lib/simulator/**", "lib/zod.ts"],
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
            {
              // lib/zod.ts sets zod up for the browser's Content-Security-Policy before any schema is built.
              regex: "^zod$",
              message: 'Import zod from "@/lib/zod" (it keeps zod within the CSP in browsers).',
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
  {
    // lib/webhooks is split by where code runs (docs/architecture.md, "lib/webhooks by runtime"): server/ runs
    // on Node (the database, secrets, the receiver), browser/ in the page (hooks, the console client), shared/
    // anywhere. Browser code, in lib/webhooks/browser and in components, never imports server code, so a store
    // or a secret cannot be pulled into a client bundle. Type imports are allowed: they vanish when compiled.
    files: ["lib/webhooks/browser/**", "components/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [WEBHOOKS_SERVER, ...NODE_ONLY] },
      ],
    },
  },
  {
    // Shared code runs in the browser, the server, the simulator and the command-line tool alike: it imports
    // neither side, nor anything that only Node or the server has.
    files: ["lib/webhooks/shared/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [WEBHOOKS_SERVER, WEBHOOKS_BROWSER, ...NODE_ONLY] },
      ],
    },
  },
]);
