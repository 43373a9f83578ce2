import type { Project } from "@/lib/projects/schema";
import type { ProjectsFilters } from "@/lib/projects/view";

let seq = 0;

/** A project with a name, id and address of its own; tests set the fields they look at. */
export function project(fields: Partial<Project> = {}): Project {
  seq += 1;
  return {
    id: `p${seq}`,
    name: `Project ${seq}`,
    address: `${seq} High Street`,
    town: "York",
    client_name: "Acme Ltd",
    status: "active",
    created_at: "2024-01-01T00:00:00Z",
    updated_at: "2024-01-02T00:00:00Z",
    ...fields,
  };
}

/** No search and no filter: every project is shown. */
export const NO_FILTERS: ProjectsFilters = {
  q: "",
  status: [],
  town: [],
  client: [],
  created: null,
  updated: null,
};
