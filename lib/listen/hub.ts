import type { Db } from "@/lib/db/connect";
import { headPosition, readDeliveriesAfter, type StreamRow } from "./deliveries";
import { comparePositions, ORIGIN, type Position } from "./position";
import { onDeliveryStored } from "./wake";

/** How often an instance with listeners looks for deliveries stored by other instances. */
export const POLL_INTERVAL_MS = 1_000;
/** Rows per query of the shared poll; a fuller page is followed at once by the next. */
const POLL_PAGE = 100;

/** A connected listener as the hub sees it (lib/listen/stream.ts owns the rest). */
export interface HubMember {
  /** The last position this listener has read up to; the hub hands it only rows after it. */
  scanned: Position;
  /**
   * Takes the rows of one poll that are after `scanned` (unfiltered) and the position the poll read up to;
   * answers false when it is too far behind to keep up live (the hub drops it; it catches up on its own).
   */
  take(rows: StreamRow[], upTo: Position): boolean;
}

/**
 * One step of a reader that follows the delivery order from `member.scanned` (a stream, a wait): behind the
 * hub's head, it reads the next page up to the head itself (moving `member.scanned`) and answers those rows,
 * unfiltered but for `endpointIds`; at the head, it joins the hub's live fan-out, which hands `member` the
 * rows from then on (`live` true, or false in the rare case a poll moved the head meanwhile: step again).
 */
export async function followStep(
  db: Db,
  hub: ListenHub,
  member: HubMember,
  options: { endpointIds: string[]; page: number },
): Promise<{ rows: StreamRow[]; live: boolean }> {
  const head = await hub.currentHead();
  if (comparePositions(member.scanned, head) >= 0) return { rows: [], live: hub.join(member) };
  const rows = await readDeliveriesAfter(db, {
    after: member.scanned,
    upTo: head,
    endpointIds: options.endpointIds,
    limit: options.page,
  });
  member.scanned = rows.length === options.page ? rows[rows.length - 1]! : head;
  return { rows, live: false };
}

export interface HubStats {
  /** Statements the hub ran: the head lookup and every poll. */
  queries: number;
  listeners: number;
}

/**
 * One shared poll per instance, fanned out in process. While anyone listens, the hub reads the deliveries
 * after its head once, when the receiver on this instance stored one (wake.ts) and otherwise every
 * POLL_INTERVAL_MS for other instances' deliveries; each listener gets the rows in memory. So the
 * database's queries per second do not grow with the number of listeners on an instance. A listener behind
 * the head catches up with its own reads first (stream.ts) and joins when it reaches the head.
 */
export class ListenHub {
  private head: Position | null = null;
  private readonly members = new Set<HubMember>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private polling: Promise<void> | null = null;
  private again = false;
  private unsubscribe: (() => void) | null = null;
  readonly stats: HubStats = { queries: 0, listeners: 0 };

  constructor(
    private readonly db: () => Promise<Db>,
    private readonly intervalMs: number = POLL_INTERVAL_MS,
  ) {}

  /** The newest position the hub has read to (looked up once, when the first listener needs it). */
  async currentHead(): Promise<Position> {
    if (!this.head) {
      const db = await this.db();
      this.stats.queries++;
      const found = await headPosition(db, ORIGIN);
      // A poll may have moved it meanwhile; never backwards.
      if (!this.head || comparePositions(found, this.head) > 0) this.head = found;
    }
    return this.head!;
  }

  /**
   * Joins `member` to the live fan-out if it has read up to the head; otherwise answers the head it must
   * reach first. Synchronous on purpose: no poll can land between the comparison and the join.
   */
  join(member: HubMember): boolean {
    if (this.head === null || comparePositions(member.scanned, this.head) < 0) return false;
    this.members.add(member);
    this.stats.listeners = this.members.size;
    this.start();
    return true;
  }

  leave(member: HubMember): void {
    this.members.delete(member);
    this.stats.listeners = this.members.size;
    if (this.members.size === 0) this.stop();
  }

  /** Polls now (coalesced with a poll in progress); the receiver's wake-up and the tests call this. */
  pollNow(): Promise<void> {
    if (this.polling) {
      this.again = true;
      return this.polling;
    }
    this.polling = this.pollLoop().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  private async pollLoop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.pollPages();
      } catch (error) {
        // The next interval tries again; listeners stay connected meanwhile (their heartbeats go on).
        console.error(`[listen] the shared poll failed: ${(error as Error).name}`);
        return;
      }
    } while (this.again && this.members.size > 0);
  }

  private async pollPages(): Promise<void> {
    if (this.members.size === 0) return;
    const db = await this.db();
    for (;;) {
      const after = await this.currentHead();
      this.stats.queries++;
      const rows = await readDeliveriesAfter(db, { after, limit: POLL_PAGE });
      if (rows.length === 0) return;
      const last = rows[rows.length - 1]!;
      this.head = { seq: last.seq, id: last.id };
      for (const member of [...this.members]) {
        const fresh = rows.filter((row) => comparePositions(row, member.scanned) > 0);
        if (!member.take(fresh, this.head)) this.leave(member);
      }
      if (rows.length < POLL_PAGE) return;
    }
  }

  private start(): void {
    if (this.timer) return;
    this.unsubscribe = onDeliveryStored(() => void this.pollNow());
    const tick = () => {
      this.timer = setTimeout(() => {
        void this.pollNow().finally(() => {
          if (this.timer) tick();
        });
      }, this.intervalMs);
      this.timer.unref?.();
    };
    tick();
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    // Looked up afresh when someone listens again, rather than polled forward from a stale place.
    this.head = null;
  }
}
