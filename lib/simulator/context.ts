import type { SimConfig } from "./config";
import type { FaultQueue } from "./faults";
import type { RateLimiter } from "./rate-limiter";
import type { RequestStats } from "./stats";
import type { SimStore } from "./workspaces";

/** The state of one running simulator, shared by the API and the control API. */
export interface SimContext {
  store: SimStore;
  config: SimConfig;
  /** What `POST /__sim/reset` returns the config to. */
  initialConfig: Readonly<SimConfig>;
  faults: FaultQueue;
  limiter: RateLimiter;
  stats: RequestStats;
  /** Injectable so that tests can walk through a minute without waiting for it. */
  now: () => number;
  /** Aborted when the simulator closes: ends hangs and pending deliveries. */
  shutdown: AbortSignal;
}
