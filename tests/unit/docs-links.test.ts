import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every relative link in the README and docs/ must lead somewhere: a file or folder of this repository and, when
 * it names a `#fragment` in a Markdown file, one of that file's headings. A clone has nothing outside the repository,
 * so a link that climbs out of it is broken too.
 */
const ROOT = path.resolve(__dirname, "../..");
const documents = [
  "README.md",
  ...fs
    .readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsIn(file: string): Set<string> {
  const text = fs.readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => anchorOf(match[1]!)));
}

function relativeLinks(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8").replace(/```[\s\S]*?```/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe("documentation links", () => {
  it("finds the documents and their links", () => {
    expect(documents.length).toBeGreaterThan(5);
    expect(documents.flatMap(relativeLinks).length).toBeGreaterThan(20);
  });

  for (const document of documents) {
    it(`${document}: every relative link resolves`, () => {
      const broken: string[] = [];
      for (const link of relativeLinks(document)) {
        const [target, fragment] = link.split("#");
        const resolved = target
          ? path.resolve(ROOT, path.dirname(document), decodeURIComponent(target))
          : path.join(ROOT, document);
        if (!resolved.startsWith(ROOT + path.sep) || !fs.existsSync(resolved)) {
          broken.push(`${link} (no such file in the repository)`);
        } else if (fragment && resolved.endsWith(".md") && !anchorsIn(resolved).has(fragment)) {
          broken.push(`${link} (no heading #${fragment})`);
        }
      }
      expect(broken).toEqual([]);
    });
  }
});
