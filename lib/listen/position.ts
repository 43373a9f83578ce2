import { decodeCursor, encodeCursor } from "@/lib/webhooks/server/cursor";

/**
 * A place in the delivery order: the inserting transaction's id, then the row id (webhook_deliveries.seq,
 * .id). Rows are only read once every transaction older than them has ended (`seq` below the snapshot's
 * xmin), so positions come out strictly increasing in the order rows become readable, and they are stored
 * values, not counters of a process: they survive restarts of the app and of the database.
 */
export interface Position {
  seq: bigint;
  id: number;
}

/** Before every delivery. */
export const ORIGIN: Position = { seq: 0n, id: 0 };

export function comparePositions(a: Position, b: Position): number {
  if (a.seq !== b.seq) return a.seq < b.seq ? -1 : 1;
  return a.id - b.id;
}

/** The stream's `id:` and the list API's cursors are the same opaque token. */
export function cursorOf(position: Position): string {
  return encodeCursor(position);
}

export function positionOf(cursor: string): Position | null {
  const decoded = decodeCursor(cursor);
  if (!decoded) return null;
  return { seq: BigInt(decoded.seq), id: decoded.id };
}
