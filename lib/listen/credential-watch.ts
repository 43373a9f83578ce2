import { liveAccessTokenIds } from "@/lib/auth/access-tokens";
import { liveSessionIds } from "@/lib/auth/sessions";
import type { Db } from "@/lib/db/connect";

/**
 * How often an instance checks that the credentials of its open streams still work. A stream's request is
 * checked once, when it opens; a token revoked (or a member removed, or signed out everywhere) afterwards
 * ends its streams within this time, on every instance, rather than at the stream's own end 280 s later.
 */
export const CREDENTIAL_CHECK_MS = 5_000;

/** What a stream was opened with: an access token, or a signed-in session. */
export type StreamCredential = { kind: "token"; id: string } | { kind: "session"; id: string };

interface Watched {
  credential: StreamCredential;
  /** Ends the stream, telling its client why. */
  end: (message: string) => void;
}

const REFUSALS: Record<StreamCredential["kind"], string> = {
  token: "This access token was revoked or has expired, or its member was removed.",
  session: "This session ended (signed out, or the member was removed).",
};

/**
 * The open streams of this instance and their credentials, checked together every CREDENTIAL_CHECK_MS while
 * any is open: at most two statements per check for any number of streams (the tokens', the sessions'),
 * so, like the hub's poll, the database's load does not grow with the listeners on an instance.
 */
export class CredentialWatch {
  private readonly watched = new Set<Watched>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private checking = false;

  constructor(
    private readonly db: () => Promise<Db>,
    private readonly intervalMs: number = CREDENTIAL_CHECK_MS,
  ) {}

  /** Watches a stream's credential until the returned function is called (when the stream closes). */
  watch(credential: StreamCredential, end: (message: string) => void): () => void {
    const entry: Watched = { credential, end };
    this.watched.add(entry);
    if (!this.timer) {
      this.timer = setInterval(() => void this.check(), this.intervalMs);
      this.timer.unref?.();
    }
    return () => {
      this.watched.delete(entry);
      if (this.watched.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  /** One check of every watched credential; streams whose credential stopped working are ended. */
  async check(): Promise<void> {
    if (this.checking || this.watched.size === 0) return;
    this.checking = true;
    try {
      const entries = [...this.watched];
      const idsOf = (kind: StreamCredential["kind"]) => [
        ...new Set(entries.filter((e) => e.credential.kind === kind).map((e) => e.credential.id)),
      ];
      const db = await this.db();
      const [tokens, sessions] = await Promise.all([
        liveAccessTokenIds(db, idsOf("token")),
        liveSessionIds(db, idsOf("session")),
      ]);
      for (const entry of entries) {
        const live = entry.credential.kind === "token" ? tokens : sessions;
        if (!live.has(entry.credential.id)) entry.end(REFUSALS[entry.credential.kind]);
      }
    } catch (error) {
      // A failed check changes nothing: the next one tries again, and each stream still ends by itself.
      console.error(`[listen] credentials not checked: ${(error as Error).name}`);
    } finally {
      this.checking = false;
    }
  }
}
