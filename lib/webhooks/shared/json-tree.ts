/**
 * The rows of a collapsible JSON tree, computed without recursion: a payload of 10,000 nested arrays can't
 * overflow the stack, and only what is expanded becomes a row. Caps keep one click from rendering a
 * million rows: children are shown a page at a time, the whole tree at most MAX_ROWS rows, and "expand
 * all" opens at most EXPAND_ALL_NODES containers down to EXPAND_ALL_DEPTH.
 */
export type JsonKey = string | number;

export const CHILD_PAGE = 100;
export const MAX_ROWS = 2_000;
export const EXPAND_ALL_NODES = 500;
export const EXPAND_ALL_DEPTH = 24;

export type TreeRow =
  | {
      kind: "value";
      id: string;
      path: JsonKey[];
      depth: number;
      name: JsonKey | null;
      value: unknown;
      /** Number of children of an object or array; null for a scalar. */
      size: number | null;
      expanded: boolean;
    }
  | { kind: "more"; id: string; parentId: string; depth: number; shown: number; total: number };

export function pathId(path: readonly JsonKey[]): string {
  return JSON.stringify(path);
}

function childrenOf(value: unknown): [JsonKey, unknown][] | null {
  if (Array.isArray(value)) return value.map((item, index) => [index, item]);
  if (value !== null && typeof value === "object") return Object.entries(value);
  return null;
}

export function sizeOf(value: unknown): number | null {
  if (Array.isArray(value)) return value.length;
  if (value !== null && typeof value === "object") return Object.keys(value).length;
  return null;
}

export function treeRows(
  root: unknown,
  expanded: ReadonlySet<string>,
  shownChildren: ReadonlyMap<string, number>,
): { rows: TreeRow[]; capped: boolean } {
  const rows: TreeRow[] = [];
  type Pending =
    | { kind: "value"; path: JsonKey[]; name: JsonKey | null; value: unknown }
    | Extract<TreeRow, { kind: "more" }>;
  const stack: Pending[] = [{ kind: "value", path: [], name: null, value: root }];
  while (stack.length > 0) {
    if (rows.length >= MAX_ROWS) return { rows, capped: true };
    const node = stack.pop()!;
    if (node.kind === "more") {
      rows.push(node);
      continue;
    }
    const id = pathId(node.path);
    const size = sizeOf(node.value);
    const isOpen = size !== null && size > 0 && expanded.has(id);
    rows.push({
      kind: "value",
      id,
      path: node.path,
      depth: node.path.length,
      name: node.name,
      value: node.value,
      size,
      expanded: isOpen,
    });
    if (!isOpen) continue;
    const children = childrenOf(node.value)!;
    const shown = Math.min(children.length, shownChildren.get(id) ?? CHILD_PAGE);
    // Pushed in reverse so they pop in order; the "more" row goes first so it pops last.
    if (shown < children.length) {
      stack.push({
        kind: "more",
        id: `${id}+more`,
        parentId: id,
        depth: node.path.length + 1,
        shown,
        total: children.length,
      });
    }
    for (let i = shown - 1; i >= 0; i--) {
      const [key, value] = children[i]!;
      stack.push({ kind: "value", path: [...node.path, key], name: key, value });
    }
  }
  return { rows, capped: false };
}

/** The containers to open for "expand all", breadth first, within the caps. */
export function expandAllIds(root: unknown): Set<string> {
  const ids = new Set<string>();
  const queue: { path: JsonKey[]; value: unknown }[] = [{ path: [], value: root }];
  for (let head = 0; head < queue.length && ids.size < EXPAND_ALL_NODES; head++) {
    const { path, value } = queue[head]!;
    const children = childrenOf(value);
    if (!children || children.length === 0 || path.length > EXPAND_ALL_DEPTH) continue;
    ids.add(pathId(path));
    for (const [key, child] of children.slice(0, CHILD_PAGE)) {
      if (sizeOf(child)) queue.push({ path: [...path, key], value: child });
    }
  }
  return ids;
}

/** What opens by default: the root and its direct children, if small. */
export function defaultExpanded(root: unknown): Set<string> {
  const ids = new Set<string>([pathId([])]);
  for (const [key, child] of (childrenOf(root) ?? []).slice(0, 20)) {
    const size = sizeOf(child);
    if (size && size <= 20) ids.add(pathId([key]));
  }
  return ids;
}
