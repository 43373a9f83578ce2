/**
 * The client's address as seen by the nearest proxy. The right-most X-Forwarded-For entry is the one our own
 * infrastructure added (Vercel replaces the header with the client's address; nginx-style proxies append
 * it); entries to its left come from the client and can be forged. Next.js fills the header from the socket
 * when nothing set it.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").at(-1)?.trim();
  if (last) return last.replace(/^::ffff:/, "");
  return headers.get("x-real-ip")?.trim() || "unknown";
}
