import { generateProjects, isListed, toApiProject, type ApiProject, type SimProject } from "./data";
import { hashString } from "../sample-data/random";

/**
 * Workspaces, their keys and their projects. A key is scoped to one workspace (spec 5.4); several keys may
 * share a workspace. Workspaces are generated on first use from the seed and the workspace name, so the
 * default one is the same on every machine and other ones differ from it.
 */
export interface KeySpec {
  key: string;
  workspace: string;
  /** false: a workspace whose plan lacks API access (403). */
  apiAccess: boolean;
}

export const DEFAULT_WORKSPACE = "main";
export const NO_API_WORKSPACE = "starter";

interface Workspace {
  projects: SimProject[];
  byId: Map<string, SimProject>;
  version: number;
  cache?: { version: number; onHoldStatus: string; json: string; count: number };
}

/** `KEY` or `KEY=workspace`, as given to `--key` / `--no-api-key`. */
export function parseKeySpec(raw: string, apiAccess: boolean): KeySpec {
  const at = raw.lastIndexOf("=");
  const key = at > 0 ? raw.slice(0, at) : raw;
  const workspace = at > 0 ? raw.slice(at + 1) : apiAccess ? DEFAULT_WORKSPACE : NO_API_WORKSPACE;
  if (!key.trim() || !workspace.trim())
    throw new Error(`Invalid key "${raw}": use KEY or KEY=workspace.`);
  return { key, workspace, apiAccess };
}

export class SimStore {
  private workspaces = new Map<string, Workspace>();
  private readonly keys: Map<string, KeySpec>;

  constructor(
    private readonly projectCount: number,
    private readonly seed: number,
    keys: KeySpec[],
  ) {
    this.keys = new Map(keys.map((spec) => [spec.key, spec]));
  }

  keySpecs(): KeySpec[] {
    return [...this.keys.values()];
  }

  lookupKey(key: string): KeySpec | undefined {
    return this.keys.get(key);
  }

  workspace(name: string): Workspace {
    let workspace = this.workspaces.get(name);
    if (!workspace) {
      const seed = name === DEFAULT_WORKSPACE ? this.seed : hashString(name, this.seed);
      const projects = generateProjects(this.projectCount, seed);
      workspace = { projects, byId: new Map(projects.map((p) => [p.id, p])), version: 0 };
      this.workspaces.set(name, workspace);
    }
    return workspace;
  }

  /** The listed (active and on-hold) projects as the API shows them. */
  listed(name: string, onHoldStatus: string): ApiProject[] {
    return this.workspace(name)
      .projects.filter(isListed)
      .map((project) => toApiProject(project, onHoldStatus));
  }

  /** The JSON body of GET /projects, cached until the data or the on-hold string changes. */
  listedJson(name: string, onHoldStatus: string): string {
    const workspace = this.workspace(name);
    const cache = workspace.cache;
    if (cache && cache.version === workspace.version && cache.onHoldStatus === onHoldStatus) {
      return cache.json;
    }
    const listed = this.listed(name, onHoldStatus);
    const json = JSON.stringify(listed);
    workspace.cache = { version: workspace.version, onHoldStatus, json, count: listed.length };
    return json;
  }

  /** A random listed project of the default workspace, for webhook payloads. */
  randomListed(name = DEFAULT_WORKSPACE): SimProject | undefined {
    const projects = this.workspace(name).projects;
    for (let tries = 0; tries < 20 && projects.length > 0; tries++) {
      const project = projects[Math.floor(Math.random() * projects.length)] as SimProject;
      if (isListed(project)) return project;
    }
    return undefined;
  }

  find(name: string, id: string): SimProject | undefined {
    return this.workspace(name).byId.get(id);
  }

  add(name: string, project: SimProject): void {
    const workspace = this.workspace(name);
    workspace.projects.push(project);
    workspace.byId.set(project.id, project);
    workspace.version++;
  }

  update(name: string, id: string, patch: Partial<SimProject>): SimProject | undefined {
    const workspace = this.workspace(name);
    const project = workspace.byId.get(id);
    if (!project) return undefined;
    Object.assign(project, patch, { id });
    workspace.version++;
    return project;
  }

  remove(name: string, id: string): SimProject | undefined {
    const workspace = this.workspace(name);
    const project = workspace.byId.get(id);
    if (!project) return undefined;
    workspace.byId.delete(id);
    workspace.projects = workspace.projects.filter((p) => p.id !== id);
    workspace.version++;
    return project;
  }

  /** Back to the seeded data. */
  reset(): void {
    this.workspaces = new Map();
  }
}
