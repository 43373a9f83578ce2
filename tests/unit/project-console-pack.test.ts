import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { verifySignature, SIGNATURE_HEADER, DEFAULT_SCHEME } from "@/lib/signing";

/**
 * `npm pack` gives a tarball that installs and runs anywhere: no src/, no runtime dependency, nothing of the
 * app's server. Installed offline into an empty folder (it has nothing to fetch), its `project-console`
 * prints its help and signs a trigger that a real local server verifies.
 */

const exec = promisify(execFile);
const PACKAGE = path.resolve("packages/project-console");

describe("the packed tool", () => {
  it("installs from its tarball alone and runs --help and a signed trigger", async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), "pc-pack-"));
    const { stdout } = await exec("npm", ["pack", "--json", "--pack-destination", out], {
      cwd: PACKAGE,
    });
    const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
    const files = packed!.files.map((file) => file.path).sort();
    expect(files).toEqual(["bin/project-console.mjs", "dist/cli.mjs", "package.json"]);

    const app = mkdtempSync(path.join(os.tmpdir(), "pc-install-"));
    writeFileSync(
      path.join(app, "package.json"),
      '{ "name": "somewhere-else", "private": true }\n',
    );
    await exec(
      "npm",
      ["install", "--offline", "--no-audit", "--no-fund", path.join(out, packed!.filename)],
      { cwd: app },
    );
    const bin = path.join(app, "node_modules", ".bin", "project-console");
    const help = await exec(bin, ["--help"], { cwd: app });
    expect(help.stdout).toMatch(/Usage: project-console/);

    const bodies: { body: Buffer; signature: string }[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        bodies.push({
          body: Buffer.concat(chunks),
          signature: String(req.headers[SIGNATURE_HEADER]),
        });
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
      const sent = await exec(
        bin,
        ["trigger", "task.completed", "--forward-to", url, "--secret", "packed-secret"],
        {
          cwd: app,
        },
      );
      expect(sent.stdout).toMatch(/task\.completed → .*: 200/);
      expect(bodies).toHaveLength(1);
      expect(JSON.parse(bodies[0]!.body.toString()).event).toBe("task.completed");
      const matches = verifySignature({
        body: bodies[0]!.body,
        secret: "packed-secret",
        signatureHeader: bodies[0]!.signature,
        schemes: [DEFAULT_SCHEME],
      });
      expect(matches).toHaveLength(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 180_000);
});
