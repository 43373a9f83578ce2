import "server-only";
import { resultWithin } from "@/lib/delay";
import { getProjectsService } from "@/lib/upstream";
import { snapshotProjects } from "@/lib/upstream/shared-state";
import { indexProjects, sortIndex, type ProjectsIndex } from "./rows";
import { DEFAULT_VISIBLE_COLUMNS, type ProjectColumnId } from "./columns";
import { firstRows, showsDefaultRows, type FirstRows } from "./first-rows";
import { serializeSort, type ProjectsViewState } from "./view";

/**
 * The first screen of the projects table, computed on the server so that the page's HTML already holds the
 * rows a member sees first (the whole list, up to 100,000 projects, then arrives by `/api/projects` and takes
 * over). Same row pipeline as the browser (./rows.ts), same view from the URL.
 */

/**
 * Which of the list's two layouts the first screen holds. The server cannot know the width, so it sends both
 * and CSS picks one; but the table is most of the page's HTML and of its hydration data (76 of 137 KB of
 * markup at 30 rows), which a phone would parse and then throw away. A browser that says it is a phone
 * (`Sec-CH-UA-Mobile: ?1`, sent by Chromium-based browsers on phones) gets only the cards, shown at any width
 * (a phone held sideways sees cards until the list brings its table).
 */
export type FirstScreenLayout = "cards" | "both";

export function firstScreenLayout(requestHeaders: Headers): FirstScreenLayout {
  return requestHeaders.get("sec-ch-ua-mobile") === "?1" ? "cards" : "both";
}

export interface FirstScreen extends FirstRows {
  columns: ProjectColumnId[];
  /** The server's clock, so that "3 days ago" renders the same on the server and at hydration. */
  now: number;
}

/**
 * One snapshot's index per server instance: parsing and indexing 100,000 rows per page view would not do.
 * The document's tag (a hash of its bytes) says which snapshot it is.
 */
let cache: { tag: string; index: ProjectsIndex; orders: Map<string, Uint32Array> } | null = null;

/**
 * How long the page waits for its first screen. The page is rendered in one piece, with no loading boundary, so
 * that its HTML holds the rows even for a browser that runs no script (a streamed boundary is revealed only by
 * script); a warm instance computes the first screen in milliseconds. Past this wait (the service's first answer
 * at 100,000 projects on a new deployment takes seconds) the page goes out without it, and the browser's own
 * request to /api/projects, which the computation started here has warmed, brings the list.
 */
export const FIRST_SCREEN_WAIT_MS = 1_000;

export function firstScreenWithin(view: ProjectsViewState): Promise<FirstScreen | null> {
  return resultWithin(
    firstScreen(view).catch(() => null),
    FIRST_SCREEN_WAIT_MS,
  );
}

/**
 * Null when there is no snapshot or it cannot be read: the page then shows its skeleton, and the browser's
 * own request to /api/projects reports why, as before.
 *
 * The default view (no filter, the default order: what a member opening the page sees) comes from the rows
 * its snapshot was stored with (lib/upstream/shared-state.ts), so that a new instance renders it without
 * decoding and indexing the whole list; any other view is computed from the list here.
 */
async function firstScreen(view: ProjectsViewState): Promise<FirstScreen | null> {
  const service = await getProjectsService();
  const columns = view.cols ?? [...DEFAULT_VISIBLE_COLUMNS];
  if (showsDefaultRows(view)) {
    const stored = await service.storedFirstRows().catch(() => null);
    if (stored) return { ...stored, columns, now: Date.now() };
  }
  const answer = await service.getProjects().catch(() => null);
  if (!answer?.ok) return null;
  if (cache?.tag !== answer.document.tag) {
    const projects = await snapshotProjects(answer.document);
    cache = { tag: answer.document.tag, index: indexProjects(projects), orders: new Map() };
  }
  const { index, orders } = cache;
  const sortKey = serializeSort(view.sort);
  let order = orders.get(sortKey);
  if (!order) orders.set(sortKey, (order = sortIndex(index, view.sort)));
  const now = Date.now();
  return { ...firstRows(index, order, view, now), columns, now };
}
