/**
 * Field paths of an event shape (`.items[].id`, `["odd key"]`), apart from describe.ts: the events page uses
 * them in the browser, and describe.ts brings the spec's zod schemas with it.
 */
const LAST_SEGMENT = /(\.[A-Za-z_$][\w$]*|\["(?:[^"\\]|\\.)*"\]|\[\])$/;

export function parentPath(path: string): string | null {
  if (path === "") return null;
  const match = LAST_SEGMENT.exec(path);
  return match ? path.slice(0, match.index) : "";
}

/** `data.items[].id` as a member reads it. */
export function displayPath(path: string): string {
  return `data${path}`;
}

/** The name of a field directly under `data`; null for `data` itself, its elements and anything deeper. */
export function topLevelName(path: string): string | null {
  if (path === "" || path.endsWith("[]") || parentPath(path) !== "") return null;
  return path.startsWith(".") ? path.slice(1) : (JSON.parse(path.slice(1, -1)) as string);
}
