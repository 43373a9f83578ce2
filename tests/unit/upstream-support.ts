import { startSimulator, type Fault, type SimConfig, type Simulator } from "@/lib/simulator";
import type { UpstreamConfig } from "@/lib/upstream/config";

/** A simulator on a free port, its keys, and the calls it received, for the lib/upstream tests. */
export const KEY = "sim_unit_business_key_4f1c";
export const NO_API_KEY = "sim_unit_starter_key_9b2e";

export interface SimHandle {
  sim: Simulator;
  calls(): Promise<number>;
  maxInAnyWindow(): Promise<number>;
  fault(fault: Partial<Fault> & { kind: Fault["kind"] }): Promise<void>;
  configure(patch: Partial<SimConfig>): Promise<void>;
  close(): Promise<void>;
}

export async function startSim(projects = 40): Promise<SimHandle> {
  const sim = await startSimulator({ projects, seed: 7, keys: [KEY], noApiKeys: [NO_API_KEY] });
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${sim.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  };
  const stats = async () =>
    (await (await fetch(`${sim.url}/__sim/stats`)).json()) as {
      byKey: Record<string, { total: number }>;
      maxInAnyWindow: Record<string, number>;
    };
  return {
    sim,
    calls: async () =>
      Object.values((await stats()).byKey).reduce((sum, entry) => sum + entry.total, 0),
    maxInAnyWindow: async () => Math.max(0, ...Object.values((await stats()).maxInAnyWindow)),
    fault: (fault) => post("/__sim/faults", fault),
    configure: (patch) => post("/__sim/config", patch),
    close: () => sim.close(),
  };
}

export function testConfig(
  sim: Simulator,
  overrides: Partial<UpstreamConfig> = {},
): UpstreamConfig {
  return {
    baseUrl: sim.baseUrl,
    apiKey: KEY,
    callsPerMinute: 30,
    ttlSeconds: 30,
    attemptTimeoutMs: 2_000,
    deadlineMs: 8_000,
    backoffBaseMs: 20,
    ...overrides,
  };
}
