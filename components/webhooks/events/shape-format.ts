import type { KindSeen } from "@/lib/webhooks/shared/event-shapes/describe";

/** "Nov 23, 09:41": times in the tables, in the browser's time zone. */
export function shortTime(iso: string | null): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString("en", {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
}

/** `string · date-time` for a kind with a format, the type alone otherwise. */
export function kindText(kind: KindSeen["kind"]): string {
  const [type, format] = kind.split(":");
  return format ? `${type} · ${format}` : type!;
}

/** Every distinct example of a field, across its kinds, at most `max`. */
export function examplesOf(kinds: KindSeen[], max = 3): string[] {
  return [...new Set(kinds.flatMap((k) => k.examples))].slice(0, max);
}

/** Starts a download of text made here (the exports); nothing is sent anywhere. */
export function downloadText(filename: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
