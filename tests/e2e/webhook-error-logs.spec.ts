import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { adminOnThrowawayPostgres } from "./auth-support";
import { deliver } from "./webhook-support";

/**
 * What the server log says when a statement fails: the error's class, SQLSTATE and names, never the
 * statement's parameters. The receiver's statement carries the body, the headers, the client address and
 * the endpoint secret's ciphertext; drizzle's error repeats them all in its message. An app server of this
 * test's own on a throwaway PostgreSQL, whose deliveries table is then made to refuse every new row.
 */
test("a failing receiver statement is logged without its body, headers, address or secret ciphertext", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { postgres, server, page, close } = await adminOnThrowawayPostgres(browser);
  const admin = new pg.Client({ connectionString: postgres.url });
  try {
    const created = await page.request.post("/api/webhooks/endpoints", {
      data: { name: "logs", secret: "log-test-secret-value" },
    });
    expect(created.status(), await created.text()).toBe(201);
    const endpoint = (await created.json()).endpoint as { id: string; path: string };

    await admin.connect();
    const { rows } = await admin.query(
      "select secret_ciphertext from webhook_endpoints where id = $1",
      [endpoint.id],
    );
    const ciphertext = rows[0].secret_ciphertext as string;
    expect(ciphertext).toMatch(/^v1:/);
    // A valid delivery first: the receiver then knows the endpoint, and takes its one-statement path.
    const first = await deliver(page.request, endpoint.path, '{"event":"task.created"}', {
      secret: "log-test-secret-value",
    });
    expect(first.status()).toBe(200);
    await admin.query(
      "alter table webhook_deliveries add constraint e2e_refuse_every_row check (size < 0) not valid",
    );

    const marker = `body-marker-${createHash("sha256").update(String(Math.random())).digest("hex")}`;
    const headerMarker = "header-marker-5f0c2a";
    const before = server.output().length;
    // Three: the first after the scheme was locked looks the endpoint up again; the next ones take the
    // one-statement path, whose parameters include the secret's ciphertext.
    const bodies = [
      `{"event":"a\\u0000b","note":"${marker}"}`,
      `plain ${marker} \u0000`,
      `{"event":"task.created","note":"${marker}"}`,
    ];
    for (const body of bodies) {
      const failed = await deliver(page.request, endpoint.path, body, {
        secret: "log-test-secret-value",
        headers: { "x-note": headerMarker },
      });
      expect(failed.status()).toBe(500);
      expect(await failed.json()).toEqual({
        error: "Something went wrong on our side. Try again.",
        code: "internal_error",
      });
    }
    await expect
      .poll(
        () =>
          server
            .output()
            .slice(before)
            .match(/failed: /g)?.length ?? 0,
      )
      .toBe(bodies.length);
    const logged = server.output().slice(before);
    // The outer class is drizzle's wrapper (its name is minified away in a production build, so not
    // asserted); then pg's DatabaseError with its SQLSTATE and names.
    expect(logged).toContain(`[api] POST /api/webhooks/receive/${endpoint.id} failed: `);
    expect(logged).toMatch(/failed: \S+ ← DatabaseError \(code=23514/);
    expect(logged).toContain("code=23514");
    expect(logged).toContain("constraint=e2e_refuse_every_row");
    expect(logged).toContain("table=webhook_deliveries");
    for (const leaked of [
      marker,
      headerMarker,
      ciphertext,
      ciphertext.slice(3, 40),
      "log-test-secret-value",
      "127.0.0.1",
      "::1",
      "Failed query",
      "params:",
    ]) {
      expect(logged).not.toContain(leaked);
    }
    expect(server.output()).not.toContain(ciphertext);
  } finally {
    await admin.end().catch(() => {});
    await close();
  }
});
