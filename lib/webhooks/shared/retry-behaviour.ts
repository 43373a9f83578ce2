/**
 * How the sender retries at one endpoint, summarised from the retry groups the receiver numbers (same body,
 * same endpoint, within WEBHOOK_RETRY_WINDOW_SECONDS; delivery-store.ts): attempts per group, the gap
 * before each attempt beside the spec's "3 attempts with exponential backoff", which of our answers were
 * followed by another attempt, and what came after an answer we delayed (a timeout, when the delay was
 * longer than the sender waits). Pure, so tests can craft groups.
 */

/** The spec's rules (section 6): 3 attempts, exponential backoff (intervals not shown), 10 s timeout. */
export const SPEC_RETRY_RULES = { attempts: 3, timeoutSeconds: 10 } as const;

export interface AttemptSeen {
  id: number;
  attempt: number;
  receivedAt: string;
  /** Since the previous attempt of the group, as stored when it arrived. */
  gapMs: number | null;
  status: number;
  /** Seconds we held the answer back (a scripted delay). */
  hangSeconds: number | null;
}

export interface GroupSeen {
  rootId: number;
  attempts: AttemptSeen[];
}

export interface SingleAnswers {
  status: number;
  hangSeconds: number | null;
  count: number;
}

export interface Spread {
  count: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
}

export interface GapStats extends Spread {
  /** The attempt these gaps lead to (2 = the first retry). */
  attempt: number;
}

export interface AnswerStats {
  label: string;
  status: number;
  hangSeconds: number | null;
  given: number;
  /** Followed by another attempt of the same group. */
  retried: number;
}

export interface AfterDelay {
  rootId: number;
  /** The attempt that came after our delayed answer. */
  attempt: number;
  hangSeconds: number;
  status: number;
  gapMs: number;
  /** The gap less the backoff seen before the same attempt after immediate answers: how long the sender waited. */
  waitedMs: number | null;
  /** The sender gave up before our answer was ready. */
  timedOut: boolean | null;
}

export interface GroupRow {
  rootId: number;
  firstAt: string;
  attempts: {
    id: number;
    attempt: number;
    offsetMs: number;
    gapMs: number | null;
    label: string;
  }[];
  /** The last answer was not 2xx and the window for another attempt is still open. */
  open: boolean;
}

export interface RetryBehaviour {
  groups: number;
  retriedGroups: number;
  attemptsPerGroup: { attempts: number; groups: number }[];
  maxAttempts: number;
  /**
   * Gaps before each attempt after a failure answered at once (the backoff); gaps after a held answer are
   * in `afterDelays`, and a send after an immediate 2xx (a duplicate, not a retry) is only counted.
   */
  gaps: GapStats[];
  /** Median gap ratio between successive retries: about 2 for a doubling backoff. */
  backoffFactor: number | null;
  /** The same body sent again after we answered 2xx at once. */
  resentAfterSuccess: number;
  answers: AnswerStats[];
  afterDelays: AfterDelay[];
  recentGroups: GroupRow[];
}

export const RECENT_GROUPS = 50;

export function answerLabel(status: number, hangSeconds: number | null): string {
  return hangSeconds ? `${status} after ${hangSeconds} s` : String(status);
}

export function spread(values: number[]): Spread | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const medianMs =
    sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
  return { count: sorted.length, medianMs, minMs: sorted[0]!, maxMs: sorted[sorted.length - 1]! };
}

const ok = (status: number) => status >= 200 && status < 300;

export function summarizeRetries(input: {
  groups: GroupSeen[];
  singles: SingleAnswers[];
  now: Date;
  retryWindowSeconds: number;
}): RetryBehaviour {
  const { groups, singles } = input;
  const perGroup = new Map<number, number>();
  const answers = new Map<string, AnswerStats>();
  const answer = (status: number, hangSeconds: number | null) => {
    const label = answerLabel(status, hangSeconds);
    let stats = answers.get(label);
    if (!stats) {
      stats = { label, status, hangSeconds, given: 0, retried: 0 };
      answers.set(label, stats);
    }
    return stats;
  };
  let singleGroups = 0;
  for (const single of singles) {
    singleGroups += single.count;
    answer(single.status, single.hangSeconds).given += single.count;
  }
  if (singleGroups) perGroup.set(1, singleGroups);

  const immediateGaps = new Map<number, number[]>();
  let resentAfterSuccess = 0;
  const delayed: Omit<AfterDelay, "waitedMs" | "timedOut">[] = [];
  for (const group of groups) {
    const attempts = [...group.attempts].sort((a, b) => a.attempt - b.attempt);
    const count = attempts.length;
    perGroup.set(count, (perGroup.get(count) ?? 0) + 1);
    attempts.forEach((current, i) => {
      const next = attempts[i + 1];
      const stats = answer(current.status, current.hangSeconds);
      stats.given++;
      // Consecutive numbers only: a deleted attempt in between would make the gap mean something else.
      if (!next || next.attempt !== current.attempt + 1 || next.gapMs === null) return;
      stats.retried++;
      if (ok(current.status) && !current.hangSeconds) {
        // Sent again after a 2xx given at once: a duplicate send, not a backoff.
        resentAfterSuccess++;
      } else if (current.hangSeconds) {
        delayed.push({
          rootId: group.rootId,
          attempt: next.attempt,
          hangSeconds: current.hangSeconds,
          status: current.status,
          gapMs: next.gapMs,
        });
      } else {
        const list = immediateGaps.get(next.attempt) ?? [];
        list.push(next.gapMs);
        immediateGaps.set(next.attempt, list);
      }
    });
  }

  const gaps: GapStats[] = [...immediateGaps.entries()]
    .sort(([a], [b]) => a - b)
    .map(([attempt, values]) => ({ attempt, ...spread(values)! }));
  const ratios = gaps
    .slice(1)
    .map((g, i) => g.medianMs / Math.max(1, gaps[i]!.medianMs))
    .filter((r) => Number.isFinite(r));
  const backoffFactor = ratios.length ? spread(ratios.map((r) => r * 1000))!.medianMs / 1000 : null;
  const backoffBefore = new Map(gaps.map((g) => [g.attempt, g.medianMs]));
  const afterDelays: AfterDelay[] = delayed.map((d) => {
    const backoff = backoffBefore.get(d.attempt);
    const waitedMs = backoff === undefined ? null : Math.max(0, d.gapMs - backoff);
    return {
      ...d,
      waitedMs,
      // Allow a second for the request's own time on the way.
      timedOut: waitedMs === null ? null : waitedMs < d.hangSeconds * 1000 - 1000,
    };
  });

  const windowStart = input.now.getTime() - input.retryWindowSeconds * 1000;
  const recentGroups: GroupRow[] = [...groups]
    .sort((a, b) => b.rootId - a.rootId)
    .slice(0, RECENT_GROUPS)
    .map((group) => {
      const attempts = [...group.attempts].sort((a, b) => a.attempt - b.attempt);
      const first = Date.parse(attempts[0]!.receivedAt);
      const last = attempts[attempts.length - 1]!;
      return {
        rootId: group.rootId,
        firstAt: attempts[0]!.receivedAt,
        attempts: attempts.map((a) => ({
          id: a.id,
          attempt: a.attempt,
          offsetMs: Date.parse(a.receivedAt) - first,
          gapMs: a.gapMs,
          label: answerLabel(a.status, a.hangSeconds),
        })),
        open: !ok(last.status) && Date.parse(last.receivedAt) > windowStart,
      };
    });

  const attemptsPerGroup = [...perGroup.entries()]
    .sort(([a], [b]) => a - b)
    .map(([attempts, n]) => ({ attempts, groups: n }));
  return {
    groups: singleGroups + groups.length,
    retriedGroups: groups.length,
    attemptsPerGroup,
    maxAttempts: attemptsPerGroup.length
      ? attemptsPerGroup[attemptsPerGroup.length - 1]!.attempts
      : 0,
    gaps,
    backoffFactor,
    resentAfterSuccess,
    answers: [...answers.values()].sort((a, b) => b.given - a.given),
    afterDelays,
    recentGroups,
  };
}
