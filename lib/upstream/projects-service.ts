import "server-only";
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/connect";
import { sourceId, type UpstreamConfig } from "./config";
import { UpstreamError, upstreamErrors, type UpstreamProblem } from "./errors";
import { recordCall, THIS_INSTANCE, type CallReason } from "./call-log";
import { fetchProjects } from "./fetch-projects";
import type { ObservedAnswer } from "./observed/observe-answer";
import { observedFactsRecorder, type ObservedFactsRecorder } from "./observed/record";
import type { FirstRows } from "@/lib/projects/first-rows";
import {
  ensureStateRow,
  readFirstRows,
  readSnapshot,
  readStateMeta,
  recordRetryAfter,
  releaseLease,
  saveFailure,
  saveSuccess,
  tryAcquireLease,
  type SavedSnapshot,
  type Snapshot,
  type StateMeta,
} from "./shared-state";
import { delay } from "@/lib/delay";
import { reserveCall } from "@/lib/rate-limit/upstream-ceiling";
import { PrecompressedDocument } from "@/lib/http/precompressed";
import { safeErrorSummary } from "@/lib/db/errors";

/**
 * What the route answers: a snapshot or, with none to serve, an error. The snapshot's JSON is the
 * document's head (the projects and the invalid report, encoded once per version by whoever stored it) followed by
 * `tail` (when it was fetched, whether it is stale and why: small, and it may change without a new version).
 */
export type ProjectsAnswer = (
  | {
      ok: true;
      document: PrecompressedDocument;
      tail: string;
      stale: boolean;
      error?: UpstreamProblem;
    }
  | { ok: false; error: UpstreamError }
) & {
  /** A refresh to run once the answer is sent (stale-while-revalidate); the route hands it to `after()`. */
  revalidate?: () => Promise<void>;
};

export interface ProjectsServiceOptions {
  db: Db;
  config: UpstreamConfig;
  /** Injectable for tests (backoff jitter). */
  random?: () => number;
  log?: (line: string) => void;
  /** How the call log names this instance; the process's host and id by default. */
  instance?: string;
  /**
   * Asked right before a refresh calls the service: false when the key changed since this object was made
   * (another instance saved one), so that no call goes out with the old key (lib/connection/key-store.ts).
   */
  stillCurrent?: () => Promise<boolean>;
}

/**
 * How long this process reuses a read of the shared state: another instance's newer snapshot or error shows
 * here at most this much later (against a TTL of tens of seconds), and a warm answer needs no query.
 */
const META_MAX_AGE_MS = 1_000;
/** How often a request waiting for another instance's refresh looks at the database. */
const WAIT_POLL_MS = 100;
/** Time beyond the deadline for the lease holder to write its result; a dead holder's lease lapses after it. */
const LEASE_MARGIN_MS = 10_000;

interface CachedBody {
  fetchedAt: string;
  /** `{"projects":[...],"invalid":{...},` as the instance that fetched it encoded it: served as it is. */
  document: PrecompressedDocument;
}

/**
 * The careful, single caller of the service for all of this app's users. The database holds the truth
 * (snapshot, call budget, Retry-After, lease); this object adds in-process promise sharing so that
 * concurrent requests in one instance wait on one refresh, and keeps the serialized snapshot of the version
 * it last saw so that a warm answer costs one small query.
 */
export class ProjectsService {
  private readonly db: Db;
  private readonly config: UpstreamConfig;
  private readonly source: string;
  private readonly holder = randomUUID();
  private readonly random: () => number;
  private readonly log: (line: string) => void;
  private readonly instance: string;
  private readonly stillCurrent: () => Promise<boolean>;
  private ready: Promise<void> | undefined;
  private inflight: Promise<void> | undefined;
  private cached: CachedBody | undefined;
  private loading: Promise<CachedBody | undefined> | undefined;
  private background: Promise<void> = Promise.resolve();
  private firstRows: { fetchedAt: string; rows: Promise<FirstRows | undefined> } | undefined;
  private metaRead: Promise<StateMeta> | undefined;
  private lastMeta: { meta: StateMeta; readAt: number } | undefined;
  /** Records what each answer shows of what the spec leaves unsaid (lib/upstream/observed). */
  readonly observed: ObservedFactsRecorder;

  constructor(options: ProjectsServiceOptions) {
    this.db = options.db;
    this.config = options.config;
    this.source = sourceId(options.config);
    this.random = options.random ?? Math.random;
    this.log = options.log ?? ((line) => console.warn(line));
    this.instance = options.instance ?? THIS_INSTANCE;
    this.stillCurrent = options.stillCurrent ?? (() => Promise.resolve(true));
    this.observed = observedFactsRecorder(this.db, this.config, this.log);
  }

  get configured(): boolean {
    return Boolean(this.config.baseUrl && this.config.apiKey);
  }

  /**
   * The projects for a member. `refresh` (the Refresh button) skips the TTL but never the call ceiling or a
   * pending Retry-After: it waits for one refresh (its own, or one already running anywhere) and answers
   * with its outcome.
   */
  async getProjects({ refresh = false }: { refresh?: boolean } = {}): Promise<ProjectsAnswer> {
    if (!this.configured) return { ok: false, error: upstreamErrors.notConfigured() };
    // A manual refresh reads the state afresh: a refresh that finished before the click does not count.
    let meta = await this.meta(refresh);

    if (refresh || (!meta.fetchedAt && (this.due(meta) || this.leased(meta)))) {
      await this.refresh(meta.attemptSeq, true, refresh ? "member" : "scheduled");
      meta = await this.meta(true);
      return this.answer(meta);
    }

    const answer = await this.answer(meta);
    if (meta.fetchedAt && this.due(meta) && !this.leased(meta)) {
      const seen = meta.attemptSeq;
      answer.revalidate = () => this.refresh(seen, false, "scheduled");
    }
    return answer;
  }

  /**
   * The shared state's small part, read from the database at most once per META_MAX_AGE_MS in this process
   * (concurrent requests share one read), so that a warm answer costs no query under load. Every decision
   * that must hold across instances (lease, call budget, Retry-After) is taken in the database, not on this
   * copy; `fresh` forces a read, for callers that must see what happened after they began waiting.
   */
  private async meta(fresh = false): Promise<StateMeta> {
    this.ready ??= ensureStateRow(this.db, this.source).catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    await this.ready;
    const known = this.lastMeta;
    if (!fresh && known && Date.now() - known.readAt < META_MAX_AGE_MS) {
      // The database's clock, moved on by the time elapsed here since the read.
      return { ...known.meta, now: new Date(known.meta.now.getTime() + Date.now() - known.readAt) };
    }
    if (!fresh && this.metaRead) return this.metaRead;
    const read = readStateMeta(this.db, this.source)
      .then((meta) => {
        if (!meta) throw new Error(`upstream state row ${this.source} is missing`);
        this.lastMeta = { meta, readAt: Date.now() };
        return meta;
      })
      .finally(() => {
        if (this.metaRead === read) this.metaRead = undefined;
      });
    this.metaRead = read;
    return read;
  }

  /** Whether an automatic refresh is due: every outcome, good or bad, is reused for the TTL. */
  private due(meta: StateMeta): boolean {
    const now = meta.now.getTime();
    if (meta.notBefore && meta.notBefore.getTime() > now) return false;
    if (!meta.attemptedAt) return true;
    return now - meta.attemptedAt.getTime() >= this.config.ttlSeconds * 1000;
  }

  private leased(meta: StateMeta): boolean {
    return Boolean(meta.leaseUntil && meta.leaseUntil.getTime() > meta.now.getTime());
  }

  /**
   * Runs one refresh unless one already ran since `seenSeq` was read. In this process, callers share one
   * promise; across processes, the database lease decides, and `wait` makes a loser wait for the winner.
   */
  private refresh(seenSeq: number, wait: boolean, reason: CallReason): Promise<void> {
    this.inflight ??= this.runRefresh(seenSeq, wait, reason).finally(() => {
      this.inflight = undefined;
      this.lastMeta = undefined; // the next request reads the outcome
    });
    return this.inflight;
  }

  private async runRefresh(seenSeq: number, wait: boolean, reason: CallReason): Promise<void> {
    const leaseMs = this.config.deadlineMs + LEASE_MARGIN_MS;
    const seqAtLease = await tryAcquireLease(this.db, this.source, this.holder, leaseMs);
    if (seqAtLease === null) {
      if (wait) await this.waitForOther(seenSeq, leaseMs);
      return;
    }
    if (seqAtLease !== seenSeq || !(await this.stillCurrent())) {
      // Another refresh finished between our read and the lease (its outcome is the answer), or the key
      // changed and the next request goes out with the new one.
      await releaseLease(this.db, this.source, this.holder);
      return;
    }
    const apiKey = this.config.apiKey ?? "";
    // Worked out after the snapshot's own work: 100,000 projects take the main thread a while.
    const answers: ObservedAnswer[] = [];

    try {
      const result = await fetchProjects({
        config: this.config,
        random: this.random,
        reserveCall: () => reserveCall(this.db, this.source, this.config.callsPerMinute),
        onRateLimited: (seconds) => recordRetryAfter(this.db, this.source, seconds),
        onCall: (call) => recordCall(this.db, call, { reason, instance: this.instance, apiKey }),
        observe: (answer) => answers.push(answer),
      });
      const saved = await saveSuccess(this.db, this.source, this.holder, result);
      if (saved) {
        this.keep(saved);
        this.afterwards(() => this.addBrotli(saved));
      }
      if (result.invalid.count > 0) {
        this.log(
          `[upstream] ${result.invalid.count} element(s) of the service's answer failed validation and were left out`,
        );
      }
    } catch (error) {
      if (!(error instanceof UpstreamError)) {
        await releaseLease(this.db, this.source, this.holder).catch(() => {});
        throw error;
      }
      await saveFailure(this.db, this.source, this.holder, error.toProblem());
      this.log(`[upstream] refresh failed: ${error.code}: ${error.message}`);
    } finally {
      for (const answer of answers) this.afterwards(async () => this.observed(answer));
    }
  }

  /** Another instance holds the lease: wait until it records an outcome or its lease lapses. */
  private async waitForOther(seenSeq: number, leaseMs: number): Promise<void> {
    const giveUp = Date.now() + leaseMs;
    while (Date.now() < giveUp) {
      await delay(WAIT_POLL_MS);
      const meta = await this.meta(true);
      if (meta.attemptSeq !== seenSeq || !this.leased(meta)) return;
    }
  }

  private async answer(meta: StateMeta): Promise<ProjectsAnswer> {
    const now = meta.now.getTime();
    const error = meta.lastError ? this.current(meta.lastError, meta, now) : undefined;
    const lastFailed =
      error !== undefined &&
      (!meta.fetchedAt || (meta.attemptedAt?.getTime() ?? 0) >= meta.fetchedAt.getTime());

    const body = meta.fetchedAt ? await this.body(meta) : undefined;
    if (!body) {
      return {
        ok: false,
        error: error
          ? UpstreamError.fromProblem(error)
          : upstreamErrors.timeout(this.config.deadlineMs, 0),
      };
    }
    // The latest refresh failed (automatic or manual, inside the TTL or not): every answer says so until a
    // refresh succeeds, so a member never mistakes the snapshot for the service's current state.
    const shown = lastFailed ? error : undefined;
    return {
      ok: true,
      stale: shown !== undefined,
      ...(shown ? { error: shown } : {}),
      document: body.document,
      tail:
        `"fetchedAt":${JSON.stringify(body.fetchedAt)},"stale":${shown !== undefined}` +
        (shown ? `,"error":${JSON.stringify(shown)}` : "") +
        "}",
    };
  }

  /** A stored error's wait, counted from now rather than from when it was recorded. */
  private current(problem: UpstreamProblem, meta: StateMeta, now: number): UpstreamProblem {
    if (problem.retryAfterSeconds === undefined) return problem;
    const until =
      problem.code === "upstream_rate_limited" && meta.notBefore
        ? meta.notBefore.getTime()
        : (meta.attemptedAt?.getTime() ?? now) + problem.retryAfterSeconds * 1000;
    const left = Math.ceil((until - now) / 1000);
    if (left > 0) return { ...problem, retryAfterSeconds: left };
    const passed = { ...problem };
    delete passed.retryAfterSeconds;
    return passed;
  }

  /**
   * The default view's first rows of the snapshot in force (lib/projects/first-rows.ts), as the instance that
   * stored it computed them: read once per version, never the whole list. Undefined with no snapshot, or one
   * stored without them; the caller then computes them from `getProjects`.
   */
  async storedFirstRows(): Promise<FirstRows | undefined> {
    if (!this.configured) return undefined;
    const { fetchedAt } = await this.meta();
    if (!fetchedAt) return undefined;
    const version = fetchedAt.toISOString();
    if (this.firstRows?.fetchedAt !== version) {
      const rows = readFirstRows(this.db, this.source, fetchedAt);
      this.firstRows = { fetchedAt: version, rows };
      // A failed read is not kept: the next page view asks again.
      rows.catch(() => {
        if (this.firstRows?.rows === rows) this.firstRows = undefined;
      });
    }
    return this.firstRows.rows;
  }

  /** The serialized snapshot for `meta`, read from the database only when its version changed. */
  private async body(meta: StateMeta): Promise<CachedBody | undefined> {
    const wanted = meta.fetchedAt?.toISOString();
    // Read again once the brotli stream is stored, if this copy was read before it was.
    const complete = !meta.hasBrotli || this.cached?.document.codings.includes("br");
    if (this.cached && this.cached.fetchedAt === wanted && complete) return this.cached;
    this.loading ??= readSnapshot(this.db, this.source)
      .then((snapshot) => (snapshot ? this.keep(snapshot) : undefined))
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }

  /**
   * Runs `work` in the background, one piece after another, once the current refresh's answer can go out:
   * the thread pool makes the brotli stream while the first answer is sent deflated. `settled` waits for it.
   */
  private afterwards(work: () => Promise<void>): void {
    this.background = this.background
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(work)
      .catch((error: unknown) => {
        this.log(`[upstream] background work after a refresh failed: ${safeErrorSummary(error)}`);
      });
  }

  /** Resolves once the background work handed over so far (the brotli stream, the observed facts) is done. */
  async settled(): Promise<void> {
    await this.background;
    await this.observed.settled();
  }

  private async addBrotli(saved: SavedSnapshot): Promise<void> {
    const brotli = await saved.addBrotli();
    this.keep({ ...saved, encoded: { ...saved.encoded, brotli } });
  }

  /** Keeps a snapshot read or just stored, never replacing a newer version with an older one. */
  private keep(snapshot: Snapshot): CachedBody {
    const fetchedAt = snapshot.fetchedAt.toISOString();
    const known = this.cached;
    // The same version is replaced only by a copy with its brotli stream.
    if (
      known &&
      (known.fetchedAt > fetchedAt ||
        (known.fetchedAt === fetchedAt && snapshot.encoded.brotli === undefined))
    )
      return known;
    this.cached = { fetchedAt, document: new PrecompressedDocument(snapshot.encoded) };
    return this.cached;
  }
}
