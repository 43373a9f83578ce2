import type { KindSeen } from "@/lib/webhooks/shared/event-shapes/describe";

/** `string · date-time` for a kind with a format, the type alone otherwise. */
export function kindText(kind: KindSeen["kind"]): string {
  const [type, format] = kind.split(":");
  return format ? `${type} · ${format}` : type!;
}

/** Every distinct example of a field, across its kinds, at most `max`. */
export function examplesOf(kinds: KindSeen[], max = 3): string[] {
  return [...new Set(kinds.flatMap((k) => k.examples))].slice(0, max);
}
