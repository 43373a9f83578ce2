/**
 * Opaque list cursors: a position in the delivery order (transaction id, then row id), base64url-encoded so
 * that clients treat them as tokens. A cursor stays valid however the filters change.
 */
export interface CursorPosition {
  seq: string;
  id: number;
}

export function encodeCursor(position: { seq: bigint | string; id: number }): string {
  return Buffer.from(`${String(position.seq)}.${position.id}`, "utf8").toString("base64url");
}

export function decodeCursor(cursor: string): CursorPosition | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return null;
  const match = /^(\d{1,19})\.(\d{1,15})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match) return null;
  return { seq: match[1]!, id: Number(match[2]) };
}
