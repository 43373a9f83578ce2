import { clientName, formatTimestamp } from "../sample-data/people";
import { createRandom, type Random } from "../sample-data/random";
import * as words from "../sample-data/words";

/**
 * The simulated workspace data. Each project keeps its internal state; the on-hold state's wire string is
 * chosen at answer time (`onHoldStatus`), because the spec does not show it. States other than active and
 * on-hold exist in every workspace and must never be listed.
 */
export const LISTED_STATES = ["active", "on_hold"] as const;
export const HIDDEN_STATES = ["completed", "archived", "cancelled", "draft"] as const;
export const PROJECT_STATES = [...LISTED_STATES, ...HIDDEN_STATES] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];

export interface SimProject {
  id: string;
  name: string;
  address: string;
  town: string;
  client_name: string;
  state: ProjectState;
  created_at: string;
  updated_at: string;
}

/** Generated data ends here, so that it does not depend on the day it is generated. */
export const DATA_EPOCH_END = Date.UTC(2025, 5, 1);
const DATA_SPAN_MS = 4 * 365 * 86_400_000;

/** Every fourth listed project has a hidden sibling: a workspace always holds completed or archived work too. */
const HIDDEN_RATIO = 0.25;
const ON_HOLD_RATIO = 0.15;
const ID_SPACE = 36 ** 5;

/** `prj_` and 10 base-36 characters (two draws of 5 characters each, 36^5 < 2^32). */
function makeId(random: Random, taken: Set<string>): string {
  for (;;) {
    const high = Math.floor(random.next() * ID_SPACE)
      .toString(36)
      .padStart(5, "0");
    const low = Math.floor(random.next() * ID_SPACE)
      .toString(36)
      .padStart(5, "0");
    const id = `prj_${high}${low}`;
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

export function makeProject(
  random: Random,
  state: ProjectState,
  taken: Set<string>,
  endMs = DATA_EPOCH_END,
): SimProject {
  const streetName = random.pick(words.STREET_NAMES);
  const street = `${streetName} ${random.pick(words.STREET_SUFFIXES)}`;
  const town = random.pick(words.TOWNS);
  const created = endMs - Math.floor(random.next() * DATA_SPAN_MS);
  // Squared so that most projects were touched recently, as in a real workspace.
  const updated = created + Math.floor((1 - random.next() ** 2) * (endMs - created));
  return {
    id: makeId(random, taken),
    name: `${random.chance(0.5) ? streetName : town} ${random.pick(words.PROJECT_KINDS)}`,
    address: `${random.int(1, 240)} ${street}`,
    town,
    client_name: clientName(random),
    state,
    created_at: formatTimestamp(created),
    updated_at: formatTimestamp(updated),
  };
}

/**
 * `listed` active or on-hold projects plus about a quarter as many in hidden states, in a seeded order (the
 * spec does not show the order, so none is promised). 100,000 projects take well under a second.
 */
export function generateProjects(listed: number, seed: number): SimProject[] {
  const random = createRandom(seed);
  const hidden = Math.round(listed * HIDDEN_RATIO);
  const states: ProjectState[] = new Array(listed + hidden);
  for (let i = 0; i < listed; i++) states[i] = random.chance(ON_HOLD_RATIO) ? "on_hold" : "active";
  for (let i = listed; i < states.length; i++) states[i] = random.pick(HIDDEN_STATES);
  for (let i = states.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    [states[i], states[j]] = [states[j] as ProjectState, states[i] as ProjectState];
  }
  const taken = new Set<string>();
  return states.map((state) => makeProject(random, state, taken));
}

/** The eight fields of the spec, in its order; the on-hold state spelled as configured. */
export interface ApiProject {
  id: string;
  name: string;
  address: string;
  town: string;
  client_name: string;
  status: string;
  created_at: string;
  updated_at: string;
}

export function toApiProject(project: SimProject, onHoldStatus: string): ApiProject {
  return {
    id: project.id,
    name: project.name,
    address: project.address,
    town: project.town,
    client_name: project.client_name,
    status: project.state === "on_hold" ? onHoldStatus : project.state,
    created_at: project.created_at,
    updated_at: project.updated_at,
  };
}

export function isListed(project: SimProject): boolean {
  return project.state === "active" || project.state === "on_hold";
}
