import fs from "node:fs";
import path from "node:path";
import { plural } from "../ui/format";

/**
 * What a Vercel build ships, read from its Build Output (`.vercel/output`, written by `npm run build:vercel`):
 * each function is a `*.func` folder whose `.vc-config.json` lists, in `filePathMap`, the project files Vercel
 * uploads with it (path in the function → path in the project), beside the few files in the folder itself.
 * Many routes share one function: their `*.func` entries are links to the same folder, counted once here.
 */
export interface ShippedFile {
  /** The file's path inside the function, e.g. `node_modules/pg/lib/index.js` or `.vc-config.json`. */
  path: string;
  bytes: number;
}

export interface VercelFunction {
  /** Folder under `functions/`, e.g. `api/[...path].func`; the first of its names in sorted order. */
  name: string;
  /** Every route folder that is this function (itself included). */
  names: string[];
  runtime: string;
  files: ShippedFile[];
  /** Everything Vercel uploads for it: the filePathMap's files plus the folder's own. */
  bytes: number;
}

interface FunctionConfig {
  runtime?: string;
  filePathMap?: Record<string, string>;
}

function funcFolders(functionsDir: string): string[] {
  return (fs.readdirSync(functionsDir, { recursive: true }) as string[])
    .filter((name) => name.endsWith(".func"))
    .sort();
}

/** Size of a file, or of a link as a link (the linked file is in the list in its own right). */
function sizeOf(file: string): number {
  return fs.lstatSync(file).size;
}

function folderFiles(folder: string): ShippedFile[] {
  return (fs.readdirSync(folder, { recursive: true }) as string[])
    .filter((name) => !fs.lstatSync(path.join(folder, name)).isDirectory())
    .map((name) => ({ path: name, bytes: sizeOf(path.join(folder, name)) }));
}

/**
 * Every distinct function of the Build Output in `outputDir`. `projectDir` is the folder the build ran in,
 * which `filePathMap`'s relative paths start from.
 */
export function readVercelFunctions(
  outputDir = ".vercel/output",
  projectDir = process.cwd(),
): VercelFunction[] {
  const functionsDir = path.join(outputDir, "functions");
  const byFolder = new Map<string, VercelFunction>();
  for (const name of funcFolders(functionsDir)) {
    const folder = fs.realpathSync(path.join(functionsDir, name));
    const known = byFolder.get(folder);
    if (known) {
      known.names.push(name);
      continue;
    }
    const config = JSON.parse(
      fs.readFileSync(path.join(folder, ".vc-config.json"), "utf8"),
    ) as FunctionConfig;
    const mapped = Object.entries(config.filePathMap ?? {}).map(([inFunction, inProject]) => ({
      path: inFunction,
      bytes: sizeOf(path.resolve(projectDir, inProject)),
    }));
    const files = [...mapped, ...folderFiles(folder)];
    byFolder.set(folder, {
      name,
      names: [name],
      runtime: config.runtime ?? "",
      files,
      bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    });
  }
  return [...byFolder.values()];
}

/** `4.3 MB`: sizes in decimal megabytes, as Vercel states its limits. */
export function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** One line per function: its size, its file count and how many routes it serves. */
export function describeFunctions(functions: VercelFunction[]): string[] {
  return functions
    .toSorted((a, b) => b.bytes - a.bytes)
    .map(
      (fn) =>
        `${fn.name}: ${megabytes(fn.bytes)} in ${fn.files.length} files (${plural(fn.names.length, "route folder")}, ${fn.runtime})`,
    );
}
