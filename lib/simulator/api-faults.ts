import type { ApiProject } from "./data";
import { DEFAULT_UNKNOWN_FIELDS, type Fault } from "./faults";

/** Data faults: what a sloppy or changing service might return in a 200 answer. */
export function applyDataFault(projects: ApiProject[], fault: Fault): unknown[] {
  switch (fault.kind) {
    case "null_field":
      return projects.map((project, index) =>
        index % fault.every === 0 ? { ...project, [fault.field]: null } : project,
      );
    case "unknown_fields":
      return projects.map((project) => ({
        ...project,
        ...(fault.fields ?? DEFAULT_UNKNOWN_FIELDS),
      }));
    case "invalid_element": {
      if (projects.length === 0) return projects;
      const index = Math.min(fault.index ?? Math.floor(projects.length / 2), projects.length - 1);
      return projects.map((project, i) =>
        i === index ? corrupt(project, fault.variant) : project,
      );
    }
    default:
      return projects;
  }
}

function corrupt(project: ApiProject, variant: "bad_timestamp" | "missing_field" | "wrong_type") {
  if (variant === "bad_timestamp") return { ...project, updated_at: "2024-13-45 25:61:00" };
  if (variant === "wrong_type") return { ...project, name: 42 };
  const rest: Partial<ApiProject> = { ...project };
  delete rest.town;
  return rest;
}

export const STANDARD_ERRORS: Record<number, string> = {
  400: "Bad request.",
  401: "Unauthorized.",
  403: "Forbidden.",
  404: "Not found.",
  429: "Too many requests.",
  500: "Internal server error. Please retry later.",
  502: "Bad gateway. Please retry later.",
  503: "Service unavailable. Please retry later.",
  504: "Gateway timeout. Please retry later.",
};
