import { clientName, emailOf, formatTimestamp, personName } from "../../sample-data/people";
import { createRandom, type Random } from "../../sample-data/random";
import * as words from "../../sample-data/words";
import { WEBHOOK_EVENTS, type WebhookEvent } from "./events";

/**
 * Plausible `data` for each of the nine events, for the simulator's deliveries and the console's test
 * delivery. The spec shows only `task.completed` (exactly its four fields); the other eight are our choice, with the same id and timestamp conventions:
 * - task.created     { task_id, project_id, title, status: "open", due_date: "YYYY-MM-DD", created_at }
 * - task.updated     { task_id, project_id, title, status: "open" | "in_progress" | "blocked", changes, updated_at }
 * - task.completed   { task_id, project_id, title, completed_at }   (the spec's, nothing more)
 * - project.created  { project_id, name, address, town, client_name, status: "active", created_at }
 * - project.updated  { project_id, name, status, changes, updated_at }
 * - project.completed { project_id, name, completed_at }
 * - file.uploaded    { file_id, project_id, file_name, content_type, size_bytes, uploaded_by, uploaded_at }
 * - client.invited   { client_id, project_id, client_name, email, invited_at }
 * - comment.created  { comment_id, project_id, task_id, author, body, created_at }
 */

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

function id(random: Random, prefix: string): string {
  let out = `${prefix}_`;
  for (let i = 0; i < 10; i++) out += "0123456789abcdefghijklmnopqrstuvwxyz"[random.int(0, 35)];
  return out;
}

export interface PayloadContext {
  random?: Random;
  /** A project of the workspace, so that ids point at something the projects table shows. */
  project?: { id: string; name: string; address: string; town: string; client_name: string };
  now?: number;
}

export function randomEvent(random: Random = createRandom(Date.now())): WebhookEvent {
  return random.pick(WEBHOOK_EVENTS);
}

export function eventData(
  event: WebhookEvent,
  context: PayloadContext = {},
): Record<string, unknown> {
  const random = context.random ?? createRandom(Date.now() ^ Math.floor(Math.random() * 2 ** 31));
  const at = formatTimestamp(context.now ?? Date.now());
  const project = context.project ?? {
    id: id(random, "prj"),
    name: `${random.pick(words.TOWNS)} ${random.pick(words.PROJECT_KINDS)}`,
    address: `${random.int(1, 240)} ${random.pick(words.STREET_NAMES)} ${random.pick(words.STREET_SUFFIXES)}`,
    town: random.pick(words.TOWNS),
    client_name: clientName(random),
  };
  const task = {
    task_id: id(random, "tsk"),
    project_id: project.id,
    title: random.pick(words.TASK_TITLES),
  };
  switch (event) {
    case "task.created": {
      const due = new Date((context.now ?? Date.now()) + random.int(2, 30) * 86_400_000);
      return { ...task, status: "open", due_date: due.toISOString().slice(0, 10), created_at: at };
    }
    case "task.updated":
      return {
        ...task,
        status: random.pick(["open", "in_progress", "blocked"]),
        changes: random.pick([["status"], ["due_date"], ["title", "status"], ["assignee"]]),
        updated_at: at,
      };
    case "task.completed":
      return { ...task, completed_at: at };
    case "project.created":
      return {
        project_id: project.id,
        name: project.name,
        address: project.address,
        town: project.town,
        client_name: project.client_name,
        status: "active",
        created_at: at,
      };
    case "project.updated":
      return {
        project_id: project.id,
        name: project.name,
        status: "active",
        changes: random.pick([["name"], ["address"], ["status"], ["client_name"]]),
        updated_at: at,
      };
    case "project.completed":
      return { project_id: project.id, name: project.name, completed_at: at };
    case "file.uploaded": {
      const fileName = random.pick(words.FILE_NAMES);
      return {
        file_id: id(random, "fil"),
        project_id: project.id,
        file_name: fileName,
        content_type: CONTENT_TYPES[fileName.split(".").pop() ?? ""] ?? "application/octet-stream",
        size_bytes: random.int(20_000, 8_000_000),
        uploaded_by: personName(random),
        uploaded_at: at,
      };
    }
    case "client.invited": {
      const name = personName(random);
      return {
        client_id: id(random, "cli"),
        project_id: project.id,
        client_name: name,
        email: emailOf(name),
        invited_at: at,
      };
    }
    case "comment.created":
      return {
        comment_id: id(random, "cmt"),
        project_id: project.id,
        task_id: task.task_id,
        author: personName(random),
        body: random.pick(words.COMMENT_BODIES),
        created_at: at,
      };
  }
}
