import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { upstreamKey, upstreamKeyChanges } from "@/lib/db/schema";
import { lastFour } from "@/lib/upstream/call-log";
import type { SecretBox } from "@/lib/webhooks/server/secret-box";

/** The one row of upstream_key; also the ciphertext's associated data (a copy in another table does not open). */
const ROW_ID = "current";
/**
 * How long an instance reuses its read of the key row for a member's request: a saved key reaches another
 * instance's requests at most this much later. It never reaches a call to the service later than that: every
 * refresh asks the row's version afresh right before it calls (ProjectsService `stillCurrent`), so no call
 * goes out with a replaced key. Refreshes are rare (one per TTL), requests are not: one query per refresh,
 * none per request.
 */
const KEY_MAX_AGE_MS = 1_000;

export type KeyOrigin = "console" | "environment";

export interface ActiveKey {
  /** Undefined when there is none, or the saved one cannot be opened (SECRETS_ENCRYPTION_KEY changed). */
  apiKey: string | undefined;
  origin: KeyOrigin;
  lastFour: string | null;
  /** Grows with every change; 0 before the first. */
  version: number;
  /** A saved key that no longer decrypts: the page says so instead of silently using the environment's. */
  unreadable: boolean;
}

export interface KeyChange {
  changedAt: Date;
  memberEmail: string;
  action: "saved" | "environment";
  lastFour: string | null;
}

/**
 * The API key the console calls the service with: the one an admin saved (encrypted at rest with the secret
 * box endpoint secrets use), else PROJECTS_API_KEY. One per process (lib/connection/index.ts).
 */
export class KeyStore {
  private cached: { key: ActiveKey; readAt: number } | undefined;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly environmentKey: string | undefined,
  ) {}

  /** The key in force; `fresh` reads the row now instead of reusing a read under KEY_MAX_AGE_MS old. */
  async current(fresh = false): Promise<ActiveKey> {
    const known = this.cached;
    if (!fresh && known && Date.now() - known.readAt < KEY_MAX_AGE_MS) return known.key;
    const [row] = await this.db
      .select({
        ciphertext: upstreamKey.ciphertext,
        lastFour: upstreamKey.lastFour,
        version: upstreamKey.version,
      })
      .from(upstreamKey)
      .where(eq(upstreamKey.id, ROW_ID));
    const key = this.activeKey(row);
    this.cached = { key, readAt: Date.now() };
    return key;
  }

  private activeKey(
    row: { ciphertext: string | null; lastFour: string | null; version: number } | undefined,
  ): ActiveKey {
    const version = row?.version ?? 0;
    if (row?.ciphertext) {
      const apiKey = this.box.decrypt(row.ciphertext, ROW_ID) ?? undefined;
      return { apiKey, origin: "console", lastFour: row.lastFour, version, unreadable: !apiKey };
    }
    const env = this.environmentKey;
    return {
      apiKey: env,
      origin: "environment",
      lastFour: env ? lastFour(env) : null,
      version,
      unreadable: false,
    };
  }

  get hasEnvironmentKey(): boolean {
    return Boolean(this.environmentKey);
  }

  /** Saves a key (already tested) and records who did; every instance uses it from its next call. */
  async save(apiKey: string, by: { id: string; email: string }): Promise<void> {
    await this.change(
      { ciphertext: this.box.encrypt(apiKey, ROW_ID), lastFour: lastFour(apiKey) },
      by,
    );
  }

  /** Forgets the saved key: PROJECTS_API_KEY applies again. */
  async useEnvironment(by: { id: string; email: string }): Promise<void> {
    await this.change({ ciphertext: null, lastFour: null }, by);
  }

  private async change(
    value: { ciphertext: string | null; lastFour: string | null },
    by: { id: string; email: string },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(upstreamKey)
        .values({ id: ROW_ID, ...value, version: 1 })
        .onConflictDoUpdate({
          target: upstreamKey.id,
          set: {
            ...value,
            version: sql`${upstreamKey.version} + 1`,
            updatedAt: sql`clock_timestamp()`,
          },
        });
      await tx.insert(upstreamKeyChanges).values({
        memberId: by.id,
        memberEmail: by.email,
        action: value.ciphertext ? "saved" : "environment",
        lastFour: value.ciphertext
          ? value.lastFour
          : this.environmentKey
            ? lastFour(this.environmentKey)
            : null,
      });
    });
    this.cached = undefined;
  }

  async changes(limit = 50): Promise<KeyChange[]> {
    const rows = await this.db
      .select({
        changedAt: upstreamKeyChanges.changedAt,
        memberEmail: upstreamKeyChanges.memberEmail,
        action: upstreamKeyChanges.action,
        lastFour: upstreamKeyChanges.lastFour,
      })
      .from(upstreamKeyChanges)
      .orderBy(desc(upstreamKeyChanges.id))
      .limit(limit);
    return rows.map((row) => ({
      ...row,
      action: row.action === "saved" ? "saved" : "environment",
    }));
  }
}
