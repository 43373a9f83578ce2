import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(__dirname),
      // `server-only` throws outside React Server Components; unit tests run that server code directly.
      "server-only": path.resolve(__dirname, "tests/support/empty-module.ts"),
    },
  },
  test: {
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    // On CI a JSON report too, for the one-line total that .ci/run prints.
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: { json: "test-results/vitest.json" },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      // Server and pure code, in Node.
      {
        extends: true,
        test: { name: "node", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      // Hooks and components with Testing Library, in a DOM of happy-dom's: no production build needed.
      {
        extends: true,
        test: {
          name: "dom",
          include: ["tests/unit/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["tests/support/dom-setup.ts"],
        },
      },
    ],
  },
});
