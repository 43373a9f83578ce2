/**
 * The version of `projectsResponseSchema` (./schema.ts) that `GET /api/projects` answers in, sent as the
 * `X-Projects-Schema` header. The server validated every row against it; the browser only compares the
 * number (./queries.ts). Raise it with any change to the answer's shape a page could misread. A file of its
 * own so that the browser gets the number without zod.
 */
export const PROJECTS_SCHEMA_VERSION = 1;
export const PROJECTS_SCHEMA_HEADER = "X-Projects-Schema";
