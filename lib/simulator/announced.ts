import { formatTimestamp, personName } from "../sample-data/people";
import { createRandom, hashString } from "../sample-data/random";
import * as words from "../sample-data/words";
import { DATA_EPOCH_END, isListed, toApiProject, type SimProject } from "./data";

/**
 * The announced read endpoints (spec section 4, "in development"), answered with plausible data when the
 * `announcedEndpoints` switch is on, so that the console's watch can be seen finding them. Their shapes
 * are not defined by the spec; these are this simulator's guesses, generated from the project ids (the
 * same on every call). The announced writes stay 404 either way: the console never calls them.
 */
export const ANNOUNCED: { method: string; pattern: RegExp; read: boolean }[] = [
  { method: "GET", pattern: /^\/projects\/[^/]+$/, read: true },
  { method: "GET", pattern: /^\/projects\/[^/]+\/tasks$/, read: true },
  { method: "POST", pattern: /^\/tasks\/[^/]+\/complete$/, read: false },
  { method: "POST", pattern: /^\/tasks\/[^/]+\/comments$/, read: false },
  { method: "GET", pattern: /^\/clients$/, read: true },
  { method: "GET", pattern: /^\/time-entries$/, read: true },
];

const DAY = 86_400_000;

function clientId(name: string): string {
  return `cli_${hashString(name).toString(36).padStart(7, "0")}`;
}

function tasksOf(project: SimProject) {
  const random = createRandom(hashString(project.id));
  const created = Date.parse(project.created_at);
  return Array.from({ length: random.int(2, 8) }, (_, i) => {
    const done = random.chance(0.4);
    const at = Math.min(DATA_EPOCH_END, created + random.int(1, 200) * DAY);
    return {
      id: `tsk_${project.id.slice(4)}${i}`,
      project_id: project.id,
      title: random.pick(words.TASK_TITLES),
      status: done ? "completed" : "open",
      assignee: personName(random),
      created_at: formatTimestamp(created + i * DAY),
      completed_at: done ? formatTimestamp(at) : null,
    };
  });
}

/** The answer to an announced read, or undefined when the path names no listed project (404). */
export function announcedAnswer(
  path: string,
  projects: SimProject[],
  onHoldStatus: string,
): unknown {
  const listed = projects.filter(isListed);
  const project = /^\/projects\/([^/]+)/.exec(path)?.[1];
  if (project !== undefined) {
    const found = listed.find((p) => p.id === decodeURIComponent(project));
    if (!found) return undefined;
    const tasks = tasksOf(found);
    if (path.endsWith("/tasks")) return tasks;
    return {
      ...toApiProject(found, onHoldStatus),
      client_id: clientId(found.client_name),
      task_count: tasks.length,
      open_task_count: tasks.filter((t) => t.status === "open").length,
    };
  }
  if (path === "/clients") {
    const counts = new Map<string, number>();
    for (const p of listed) counts.set(p.client_name, (counts.get(p.client_name) ?? 0) + 1);
    return [...counts].map(([name, count]) => ({ id: clientId(name), name, project_count: count }));
  }
  // /time-entries: a few per project, the newest hundred.
  return listed
    .slice(0, 40)
    .flatMap((p) =>
      tasksOf(p)
        .slice(0, 3)
        .map((task, i) => {
          const random = createRandom(hashString(`${task.id}:time`));
          return {
            id: `tim_${task.id.slice(4)}${i}`,
            project_id: p.id,
            task_id: task.id,
            person: personName(random),
            minutes: random.int(1, 32) * 15,
            started_at: formatTimestamp(
              Date.parse(task.created_at) + random.int(1, 48) * 3_600_000,
            ),
          };
        }),
    )
    .slice(0, 100);
}
