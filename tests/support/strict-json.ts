import { parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser";

/**
 * Reads JSON text back without V8's JSON.parse, for the property tests that prove an escaped text reads back to
 * what was written. V8 (Node 24 and 26; nodejs/node#63785, crbug 521080746) sometimes decodes an escaped object
 * key wrongly: after a key `"\\"` has been parsed anywhere in the process, a later `"\u202e"` (or `"\n"`, `"\""`)
 * key can come back as `\`. Which keys it hits depends on what the process parsed before, so those tests failed
 * now and then on CI and never alone. jsonc-parser decodes every escape in JavaScript, strictly (no comments, no
 * trailing commas), and this builds objects with defineProperty, as JSON.parse does, so `__proto__` is a key.
 */
export function readJsonStrictly(text: string): unknown {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length > 0 || !root) {
    const first = errors[0];
    throw new SyntaxError(
      first ? `${printParseErrorCode(first.error)} at ${first.offset}` : "no JSON value",
    );
  }
  return valueOf(root);
}

function valueOf(node: Node): unknown {
  switch (node.type) {
    case "object": {
      const object: Record<string, unknown> = {};
      for (const property of node.children ?? []) {
        const [key, value] = property.children!;
        Object.defineProperty(object, key!.value as string, {
          value: valueOf(value!),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return object;
    }
    case "array":
      return (node.children ?? []).map(valueOf);
    default:
      return node.value as unknown;
  }
}
