import type { ServerResponse } from "node:http";
import type { SimContext } from "./context";
import { parseBody, type ControlRoute } from "./control-body";
import { formatTimestamp } from "../sample-data/people";
import { isListed, toApiProject, type ProjectState } from "./data";
import { sendError, sendJson } from "./http";
import { completeProject, projectFields, projectInputSchema, toState } from "./project-input";
import { DEFAULT_WORKSPACE } from "./workspaces";

/** `/__sim/projects`: read every project of a workspace, add, edit and remove them. */

function workspaceOf(url: URL): string {
  return url.searchParams.get("workspace") || DEFAULT_WORKSPACE;
}

function showProject(ctx: SimContext, project: Parameters<typeof toApiProject>[0]) {
  return { ...toApiProject(project, ctx.config.onHoldStatus), listed: isListed(project) };
}

function resolveState(
  ctx: SimContext,
  res: ServerResponse,
  status: string,
): ProjectState | undefined {
  const state = toState(status, ctx.config.onHoldStatus);
  if (!state) {
    sendError(
      res,
      400,
      `Unknown status "${status}": use active, on_hold (or the configured "${ctx.config.onHoldStatus}"), completed, archived, cancelled or draft.`,
    );
  }
  return state;
}

export const PROJECT_ROUTES: [string, RegExp, ControlRoute][] = [
  [
    "GET",
    /^\/projects$/,
    (ctx, _req, res, url) => {
      const projects = ctx.store.workspace(workspaceOf(url)).projects;
      sendJson(res, 200, { projects: projects.map((project) => showProject(ctx, project)) });
    },
  ],
  [
    "POST",
    /^\/projects$/,
    async (ctx, req, res, url) => {
      const input = await parseBody(req, res, projectInputSchema);
      if (!input) return;
      const state = resolveState(ctx, res, input.status ?? "active");
      if (!state) return;
      const workspace = workspaceOf(url);
      const store = ctx.store.workspace(workspace);
      const project = completeProject(
        input,
        state,
        `${workspace}:${store.version}:${store.projects.length}`,
        ctx.now(),
      );
      if (store.byId.has(project.id)) {
        return sendError(res, 409, `A project with id "${project.id}" already exists.`);
      }
      ctx.store.add(workspace, project);
      sendJson(res, 201, showProject(ctx, project));
    },
  ],
  [
    "PATCH",
    /^\/projects\/([^/]+)$/,
    async (ctx, req, res, url, [id]) => {
      const input = await parseBody(req, res, projectInputSchema.omit({ id: true }));
      if (!input) return;
      const state = input.status === undefined ? undefined : resolveState(ctx, res, input.status);
      if (input.status !== undefined && !state) return;
      const patch = { ...projectFields(input), ...(state ? { state } : {}) };
      const existing = ctx.store.find(workspaceOf(url), id as string);
      if (!existing)
        return sendError(res, 404, `No project "${id}" in workspace "${workspaceOf(url)}".`);
      const updatedAt = input.updated_at ?? formatTimestamp(ctx.now());
      const project = ctx.store.update(workspaceOf(url), id as string, {
        ...patch,
        updated_at: updatedAt,
      });
      sendJson(res, 200, showProject(ctx, project ?? existing));
    },
  ],
  [
    "DELETE",
    /^\/projects\/([^/]+)$/,
    (ctx, _req, res, url, [id]) => {
      const project = ctx.store.remove(workspaceOf(url), id as string);
      if (!project)
        return sendError(res, 404, `No project "${id}" in workspace "${workspaceOf(url)}".`);
      sendJson(res, 200, { deleted: showProject(ctx, project) });
    },
  ],
];
