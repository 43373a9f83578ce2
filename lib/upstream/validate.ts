import "server-only";
import { z } from "@/lib/zod";
import { projectSchema, type Project, type invalidProjectSchema } from "@/lib/projects/schema";
import { upstreamErrors } from "./errors";

export type InvalidProject = z.infer<typeof invalidProjectSchema>;

export interface InvalidProjects {
  /** How many elements were left out, all of them counted. */
  count: number;
  /** The first of them with their reasons (capped, so that a wholly broken answer stays small). */
  items: InvalidProject[];
}

export interface ValidatedProjects {
  projects: Project[];
  invalid: InvalidProjects;
}

export const MAX_REPORTED_INVALID = 50;

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * Checks the service's answer element by element: the spec does not say whether a field can be null, so one
 * bad element must not blank the table. Valid elements are kept (unknown fields dropped, unknown status
 * strings kept as they are); the others are reported with their reasons. Only a non-array is fatal.
 */
export function validateProjects(raw: unknown): ValidatedProjects {
  if (!Array.isArray(raw)) throw upstreamErrors.badShape(describe(raw));

  const projects: Project[] = [];
  const invalid: InvalidProjects = { count: 0, items: [] };
  const firstIndexOfId = new Map<string, number>();

  const report = (index: number, element: unknown, reasons: string[]) => {
    invalid.count += 1;
    if (invalid.items.length >= MAX_REPORTED_INVALID) return;
    const id =
      element && typeof element === "object" && typeof (element as { id?: unknown }).id === "string"
        ? (element as { id: string }).id
        : undefined;
    invalid.items.push({ index, ...(id !== undefined ? { id } : {}), reasons });
  };

  raw.forEach((element: unknown, index) => {
    const result = projectSchema.safeParse(element);
    if (!result.success) {
      report(
        index,
        element,
        result.error.issues.map((issue) =>
          issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
        ),
      );
      return;
    }
    // Identifiers identify: a second element with the same id would make two rows claim one project.
    const first = firstIndexOfId.get(result.data.id);
    if (first !== undefined) {
      report(index, element, [`id: duplicates the id of element ${first}`]);
      return;
    }
    firstIndexOfId.set(result.data.id, index);
    projects.push(result.data);
  });

  return { projects, invalid };
}
