import { COSTLY_RANK_COLUMNS, type ProjectColumnId } from "./columns";
import {
  indexPartsAhead,
  provideIndexParts,
  provideRanks,
  textRanks,
  type IndexParts,
} from "./rows";
import type { ProjectsResponse } from "./schema";

/**
 * `/api/projects`' body as messages, and back: what the worker that parses it off the page's main thread
 * sends (./projects-body-worker.ts, read by ./read-projects-body.ts). The worker also makes the table's index
 * (./rows.ts) where it has the list, so that the page only joins its parts to the projects. Free of the
 * browser, so that the tests run it as is.
 */

/**
 * What the worker sends, in order: the answer without its projects, the projects in slices, the index's
 * parts, the end; then, while the page already shows the list, the long text columns' ranks one by one (the
 * collator over 100,000 names takes a phone's main thread a few hundred milliseconds), so that a click on
 * their header sorts at once.
 */
export type BodyMessage =
  | { kind: "outline"; outline: Omit<ProjectsResponse, "projects"> }
  | { kind: "projects"; projects: ProjectsResponse["projects"] }
  | { kind: "index"; parts: IndexParts }
  | { kind: "end" }
  | { kind: "ranks"; column: ProjectColumnId; ranks: Uint32Array }
  | { kind: "invalid" };

/** Projects per message: deserializing one slice is a task of a few milliseconds on a phone. */
export const PROJECTS_PER_MESSAGE = 2_000;

/** The answer's outline, checked in constant time: the rows themselves are the server's to validate. */
export function isProjectsResponse(body: unknown): body is ProjectsResponse {
  if (typeof body !== "object" || body === null) return false;
  const { projects, fetchedAt, stale } = body as Record<string, unknown>;
  return Array.isArray(projects) && typeof fetchedAt === "string" && typeof stale === "boolean";
}

/** The messages for one body's bytes (what the worker runs; a function of its own so tests can run it). */
export function* bodyMessages(bytes: ArrayBuffer): Generator<BodyMessage> {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    body = undefined;
  }
  if (!isProjectsResponse(body)) {
    yield { kind: "invalid" };
    return;
  }
  const { projects, ...outline } = body;
  yield { kind: "outline", outline };
  for (let at = 0; at < projects.length; at += PROJECTS_PER_MESSAGE) {
    yield { kind: "projects", projects: projects.slice(at, at + PROJECTS_PER_MESSAGE) };
  }
  yield { kind: "index", parts: indexPartsAhead(projects) };
  yield { kind: "end" };
  for (const column of COSTLY_RANK_COLUMNS) {
    yield { kind: "ranks", column, ranks: textRanks(projects, column) };
  }
}

/**
 * The answer from the messages, in order, up to the end; undefined when the body was not a projects answer.
 * The index's parts go to `indexProjects` (provideIndexParts), which finds them by the answer's list, and so
 * do ranks that come after the end (receiveRanks).
 */
export function fromMessages(messages: Iterable<BodyMessage>): ProjectsResponse | undefined {
  let outline: Omit<ProjectsResponse, "projects"> | undefined;
  let parts: IndexParts | undefined;
  const slices: ProjectsResponse["projects"][] = [];
  for (const message of messages) {
    if (message.kind === "invalid") return undefined;
    if (message.kind === "outline") outline = message.outline;
    if (message.kind === "projects") slices.push(message.projects);
    if (message.kind === "index") parts = message.parts;
    if (message.kind === "end") {
      if (!outline) return undefined;
      const projects = slices.flat();
      if (parts) provideIndexParts(projects, parts);
      return { ...outline, projects };
    }
  }
  return undefined;
}

/** Ranks the worker sent after the answer's end, kept for the answer's index. */
export function receiveRanks(answer: ProjectsResponse, message: BodyMessage): void {
  if (message.kind === "ranks") provideRanks(answer.projects, message.column, message.ranks);
}
