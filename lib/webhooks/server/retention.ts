import "server-only";
import type { Db } from "@/lib/db/connect";
import { pruneRateLimitWindows } from "@/lib/rate-limit/window";
import { safeErrorSummary } from "@/lib/db/errors";
import { pruneAnswerPositions } from "./answer-sequence-store";
import { pruneDeliveries } from "./delivery-store";
import { pruneExpiredPreviousSecrets } from "./previous-secret";

/**
 * Decides when this instance prunes (retention and old rate windows): not on every delivery, only after
 * enough deliveries or enough time, and never twice at once. The pruning itself runs after the answer has
 * been sent (`after()`), so it never slows a receipt. Every instance prunes on its own schedule; pruning is
 * idempotent, so overlapping runs only repeat work.
 */
const PRUNE_EVERY_DELIVERIES = 500;
const PRUNE_EVERY_MS = 60_000;

const state = { sinceLast: 0, lastAt: 0, running: false };

export function pruneDue(now = Date.now()): boolean {
  state.sinceLast += 1;
  if (state.running) return false;
  if (state.sinceLast < PRUNE_EVERY_DELIVERIES && now - state.lastAt < PRUNE_EVERY_MS) return false;
  state.running = true;
  state.sinceLast = 0;
  state.lastAt = now;
  return true;
}

export async function runPrune(
  db: Db,
  options: { keep: number; days: number; retryWindowSeconds: number },
): Promise<void> {
  try {
    await pruneDeliveries(db, options);
    await pruneAnswerPositions(db, new Date(), options.retryWindowSeconds);
    await pruneRateLimitWindows(db, new Date());
    await pruneExpiredPreviousSecrets(db, new Date());
  } catch (error) {
    console.error(`[webhooks] retention pruning failed: ${safeErrorSummary(error)}`);
  } finally {
    state.running = false;
  }
}
