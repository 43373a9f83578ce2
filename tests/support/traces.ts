import fs from "node:fs";
import path from "node:path";

/**
 * What a production build ships per function on Vercel: the files of its trace
 * (`<distDir>/server/app/<route>.js.nft.json`), as paths relative to the project.
 */
export const TRACED_ROUTES = [
  "api/projects/route",
  "api/webhooks/receive/route",
  "api/health/route",
] as const;

export interface TracedFile {
  /** Relative to the project folder, e.g. `node_modules/pg/lib/index.js`. */
  file: string;
  bytes: number;
}

export function tracedFiles(distDir: string, route: string): TracedFile[] {
  const traceFile = path.join(distDir, "server/app", `${route}.js.nft.json`);
  const trace = JSON.parse(fs.readFileSync(traceFile, "utf8")) as { files: string[] };
  const files: TracedFile[] = [];
  for (const relative of trace.files) {
    const absolute = path.resolve(path.dirname(traceFile), relative);
    const stat = fs.statSync(absolute, { throwIfNoEntry: false });
    if (stat?.isFile())
      files.push({ file: path.relative(process.cwd(), absolute), bytes: stat.size });
  }
  return files;
}

/** Every route trace of a build (pages' traces included), relative to `<distDir>/server/app`. */
export function allTracedRoutes(distDir: string): string[] {
  const root = path.join(distDir, "server/app");
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((name) => name.endsWith(".js.nft.json"))
    .map((name) => name.replace(/\.js\.nft\.json$/, ""));
}

export function packageOf(file: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  return match ? match[1]! : file.startsWith(".next") ? "(build output)" : "(app files)";
}
