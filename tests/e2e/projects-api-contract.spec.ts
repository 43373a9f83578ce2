import { expect, test } from "@playwright/test";
import { projectsResponseSchema } from "@/lib/projects/schema";
import { E2E, SIM } from "../support/e2e-env";
import { SIGNED_OUT } from "./auth-state";

/** `GET /api/projects` on the standard stack (simulator with SIM.projects projects), signed in. */
test.describe("GET /api/projects", () => {
  test("answers the workspace's projects in the documented shape, revalidated on every use", async ({
    request,
  }) => {
    const response = await request.get("/api/projects");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("private, no-cache, no-transform");
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    const body = projectsResponseSchema.strict().parse(await response.json());
    expect(body.projects).toHaveLength(SIM.projects);
    expect(new Set(body.projects.map((project) => project.id)).size).toBe(SIM.projects);
    expect(Number.isNaN(Date.parse(body.fetchedAt))).toBe(false);
    expect(await response.text()).not.toContain(E2E.apiKey);
  });

  test("refresh=1 answers data at least as new", async ({ request }) => {
    const before = projectsResponseSchema.parse(await (await request.get("/api/projects")).json());
    const after = projectsResponseSchema.parse(
      await (await request.get("/api/projects?refresh=1")).json(),
    );
    expect(after.fetchedAt >= before.fetchedAt).toBe(true);
    expect(after.projects.length).toBe(SIM.projects);
  });

  test("a refresh value other than 1 or 0 is a 400 with the error shape", async ({ request }) => {
    const response = await request.get("/api/projects?refresh=yes-please");
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({
      error: "Invalid query: refresh must be 1 (refresh now) or 0.",
      code: "invalid_query",
    });
  });

  test("the benchmark's baseline route is not part of a shipped build", async ({ request }) => {
    // Its path is public (lib/auth/paths.ts) so that the bench can call it without a session: in a shipped
    // build it is no route at all, so the answer is the app's own not-found handling (a 404, or the sign-in
    // redirect of a page for a visitor the proxy did not check), never the projects.
    const response = await request.get("/api/bench/projects", { maxRedirects: 0 });
    expect([404, 307]).toContain(response.status());
    expect(response.headers()["x-projects-schema"]).toBeUndefined();
  });

  test.describe("signed out", () => {
    test.use({ storageState: SIGNED_OUT });
    test("is refused with 401 and no data", async ({ request }) => {
      const response = await request.get("/api/projects");
      expect(response.status()).toBe(401);
      expect(await response.json()).toMatchObject({ code: "unauthorized" });
    });
  });
});
