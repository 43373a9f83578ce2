import { readFile } from "node:fs/promises";
import { Validator } from "@seriousme/openapi-schema-validator";
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { APP_URL } from "../support/e2e-env";
import { simEmit } from "./webhook-inspector-support";

/**
 * The Events view's Export OpenAPI after real signed deliveries of two events from the simulator: the
 * downloaded file is valid OpenAPI 3.1 (the validator the unit tests use), its `webhooks` hold both events
 * with the fields that arrived, and the route answers the same document to an access token alone.
 */

type Schema = {
  properties?: Record<string, Schema>;
  required?: string[];
  "x-source"?: string;
};
type Doc = {
  openapi: string;
  info: Record<string, unknown>;
  webhooks: Record<
    string,
    {
      post: {
        parameters: { name: string; required: boolean }[];
        requestBody: { content: { "application/json": { schema: Schema } } };
      };
    }
  >;
};

const dataOf = (doc: Doc, event: string) =>
  doc.webhooks[event]!.post.requestBody.content["application/json"].schema.properties!.data!;

test("Export OpenAPI downloads the events seen as a valid OpenAPI 3.1 document; a token reads the same", async ({
  page,
  api,
  endpoint,
}) => {
  const url = `${APP_URL}${endpoint.path}`;
  await page.goto(`/webhooks/events?endpoint=${endpoint.id}`);
  await expect(page.getByRole("heading", { name: "No event profiled yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export OpenAPI" })).toHaveCount(0);

  await simEmit(api, { url, secret: endpoint.secret, event: "task.completed", count: 2 });
  // Two bodies of one undocumented event: `site_lead` only in the first (so not required).
  for (const [id, extra] of [
    ["prj_1", { site_lead: "Ana" }],
    ["prj_2", {}],
  ] as const) {
    await simEmit(api, {
      url,
      secret: endpoint.secret,
      event: "project.created",
      data: { project_id: id, name: "Quay wall", budget_eur: 125_000, ...extra },
    });
  }
  const events = page.getByRole("navigation", { name: "Events" });
  await expect(events).toContainText("project.created", { timeout: 10_000 });
  await expect(events).toContainText("task.completed");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export OpenAPI" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    new RegExp(`^project-data-webhooks-${endpoint.id}-\\d{8}T\\d{6}Z\\.openapi\\.json$`),
  );
  const doc = JSON.parse(await readFile(await file.path(), "utf8")) as Doc;

  const validator = new Validator();
  const result = await validator.validate(doc);
  expect(result.errors).toBeUndefined();
  expect(validator.version).toBe("3.1");
  expect(Object.keys(doc.webhooks).sort()).toEqual(["project.created", "task.completed"]);

  const completed = dataOf(doc, "task.completed");
  expect(Object.keys(completed.properties!).sort()).toEqual(
    ["completed_at", "project_id", "task_id", "title"].sort(),
  );
  for (const field of Object.values(completed.properties!)) expect(field["x-source"]).toBe("spec");
  const project = dataOf(doc, "project.created");
  expect(Object.keys(project.properties!).sort()).toEqual(
    ["budget_eur", "name", "project_id", "site_lead"].sort(),
  );
  expect(project.properties!.budget_eur).toMatchObject({ type: "integer", "x-source": "inferred" });
  expect(project.required!.sort()).toEqual(["budget_eur", "name", "project_id"]);
  expect(doc.webhooks["project.created"]!.post.parameters).toContainEqual(
    expect.objectContaining({ name: "X-Webhook-Signature", required: true }),
  );

  // The route with a token and nothing else (no cookie): the same webhooks, made a moment later.
  const created = await api.post("/api/tokens", {
    data: { name: "openapi e2e", expiresInDays: 7 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, token } = (await created.json()) as { id: string; token: string };
  try {
    const answer = await fetch(
      `${APP_URL}/api/webhooks/event-shapes/openapi.json?endpoint=${endpoint.id}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toBeNull();
    const byToken = (await answer.json()) as Doc;
    expect(byToken.webhooks).toEqual(doc.webhooks);
    expect(byToken.openapi).toBe("3.1.0");
    expect(byToken.info["x-endpoint"]).toBe(endpoint.id);

    const anonymous = await fetch(
      `${APP_URL}/api/webhooks/event-shapes/openapi.json?endpoint=${endpoint.id}`,
    );
    expect(anonymous.status).toBe(401);
  } finally {
    await api.delete(`/api/tokens/${id}`);
  }
});
