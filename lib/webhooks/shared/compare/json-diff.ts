import { MAX_ROWS, type JsonKey } from "../json-tree";
import { prettyJson } from "../format";

/**
 * Two JSON values compared by path: what was added, removed or changed, with both values. Iterative (like
 * json-tree.ts), so 10,000 nested arrays cannot overflow the stack, and bounded like the tree view: at most
 * MAX_ROWS changes, each value shown as at most VALUE_PREVIEW_CHARS characters of JSON. Arrays are compared
 * index by index (what a developer reads as `items[3]`); an object's key order is not a change.
 */
export type JsonChange =
  | { kind: "added"; path: JsonKey[]; after: string }
  | { kind: "removed"; path: JsonKey[]; before: string }
  | { kind: "changed"; path: JsonKey[]; before: string; after: string };

export interface JsonDiff {
  changes: JsonChange[];
  /** More changes exist than are listed. */
  capped: boolean;
}

export const VALUE_PREVIEW_CHARS = 300;

/** A value as compact-ish JSON, cut to VALUE_PREVIEW_CHARS (with "…"). */
export function valuePreview(value: unknown): string {
  const { text, truncated } = prettyJson(value, {
    maxChars: VALUE_PREVIEW_CHARS,
    maxIndentDepth: 0,
  });
  const compact = text.replace(/\n/g, " ");
  return truncated || compact.length > VALUE_PREVIEW_CHARS
    ? `${compact.slice(0, VALUE_PREVIEW_CHARS)}…`
    : compact;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A pair to compare; its path is kept as a link to its parent, so deep nesting costs no path copies. */
type Pending = {
  parent: Pending | null;
  key: JsonKey | null;
  before?: unknown;
  after?: unknown;
  inBefore: boolean;
  inAfter: boolean;
};

function pathOf(node: Pending): JsonKey[] {
  const path: JsonKey[] = [];
  for (let at: Pending | null = node; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

export function diffJson(before: unknown, after: unknown, maxChanges = MAX_ROWS): JsonDiff {
  const changes: JsonChange[] = [];
  const stack: Pending[] = [
    { parent: null, key: null, before, after, inBefore: true, inAfter: true },
  ];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!node.inBefore || !node.inAfter || !sameKind(node.before, node.after)) {
      if (changes.length >= maxChanges) return { changes, capped: true };
      const path = pathOf(node);
      changes.push(
        !node.inBefore
          ? { kind: "added", path, after: valuePreview(node.after) }
          : !node.inAfter
            ? { kind: "removed", path, before: valuePreview(node.before) }
            : {
                kind: "changed",
                path,
                before: valuePreview(node.before),
                after: valuePreview(node.after),
              },
      );
    } else if (Array.isArray(node.before) && Array.isArray(node.after)) {
      const [a, b] = [node.before, node.after];
      // Pushed last first, so that changes come out in reading order.
      for (let index = Math.max(a.length, b.length) - 1; index >= 0; index--) {
        stack.push({
          parent: node,
          key: index,
          before: a[index],
          after: b[index],
          inBefore: index < a.length,
          inAfter: index < b.length,
        });
      }
    } else if (isObject(node.before) && isObject(node.after)) {
      const [a, b] = [node.before, node.after];
      const keys = [...Object.keys(a), ...Object.keys(b).filter((key) => !Object.hasOwn(a, key))];
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        stack.push({
          parent: node,
          key,
          before: a[key],
          after: b[key],
          inBefore: Object.hasOwn(a, key),
          inAfter: Object.hasOwn(b, key),
        });
      }
    }
  }
  return { changes, capped: false };
}

/** Both arrays, both objects, or two equal scalars: nothing to report at this path itself. */
function sameKind(before: unknown, after: unknown): boolean {
  if (Array.isArray(before) || Array.isArray(after)) {
    return Array.isArray(before) && Array.isArray(after);
  }
  if (isObject(before) || isObject(after)) return isObject(before) && isObject(after);
  return Object.is(before, after);
}
