import type { Db } from "@/lib/db/connect";
import { markDisconnected, markSeen } from "./sessions";

/** How often an instance tells the database which sessions it still holds (one statement for all). */
export const PRESENCE_REFRESH_MS = 20_000;

/**
 * The sessions this instance holds connections of. The database learns of a session's connection when it
 * opens (openSession), is refreshed every PRESENCE_REFRESH_MS while any connection of it is held here, and
 * hears when the last one here closes; an instance that died simply stops refreshing, and the session
 * counts as gone after PRESENCE_STALE_MS (sessions.ts).
 */
export class PresenceTracker {
  private readonly held = new Map<number, number>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly db: () => Promise<Db>) {}

  connected(sessionId: number): void {
    this.held.set(sessionId, (this.held.get(sessionId) ?? 0) + 1);
    if (!this.timer) {
      this.timer = setInterval(() => void this.refresh(), PRESENCE_REFRESH_MS);
      this.timer.unref?.();
    }
  }

  disconnected(sessionId: number): void {
    const left = (this.held.get(sessionId) ?? 1) - 1;
    if (left > 0) {
      this.held.set(sessionId, left);
      return;
    }
    this.held.delete(sessionId);
    if (this.held.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    void this.db()
      .then((db) => markDisconnected(db, sessionId))
      .catch((error: Error) => console.error(`[listen] presence not saved: ${error.name}`));
  }

  private async refresh(): Promise<void> {
    try {
      await markSeen(await this.db(), [...this.held.keys()]);
    } catch (error) {
      console.error(`[listen] presence not saved: ${(error as Error).name}`);
    }
  }
}
