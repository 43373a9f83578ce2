import { expect, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { sign, type SignatureScheme, DEFAULT_SCHEME } from "@/lib/signing";
import { signInThroughForm } from "../support/sign-in";

/** Helpers shared by the webhook specs: signed deliveries, and the console API as a signed-in member. */

export function envelope(event = "task.completed", extra: Record<string, unknown> = {}) {
  return {
    event,
    data: {
      task_id: `t_${Math.random().toString(36).slice(2, 10)}`,
      project_id: "p_1",
      title: "Pour the slab",
      completed_at: "2026-03-01T10:00:00Z",
    },
    timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
    ...extra,
  };
}

/**
 * The console API with a member's session: the storage state of the Playwright setup project when it
 * exists, else a sign-in through the real form (the same page's context then carries the cookie).
 */
export async function consoleApi(page: Page): Promise<APIRequestContext> {
  const probe = await page.request.get("/api/webhooks/endpoints");
  if (probe.status() === 401) {
    await signInThroughForm(page);
    expect((await page.request.get("/api/webhooks/endpoints")).status()).toBe(200);
  }
  return page.request;
}

export async function createEndpoint(
  api: APIRequestContext,
  data: Record<string, unknown> = {},
): Promise<{ id: string; path: string }> {
  const response = await api.post("/api/webhooks/endpoints", {
    data: { name: `e2e ${Math.random().toString(36).slice(2, 8)}`, ...data },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).endpoint;
}

export interface DeliveryDetail {
  id: string;
  endpointId: string;
  event: string | null;
  headers: [string, string][];
  /** "sorted" where no server of ours records the arrival order (as on Vercel). */
  headerOrder?: "as-received" | "sorted";
  sha256: string;
  size: number;
  verification: { result: string; scheme: string | null; schemeMismatch: boolean };
  findings: { code: string; message: string }[];
  attempt: { number: number; firstId: string | null; gapMs: number | null };
  response: { status: number; scripted: boolean; hangSeconds: number | null };
  body: { encoding: "utf8" | "base64"; content: string };
}

export async function getDelivery(api: APIRequestContext, id: string): Promise<DeliveryDetail> {
  const response = await api.get(`/api/webhooks/deliveries/${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).delivery;
}

/** POSTs raw bytes to a receiver path, signed with `secret` in `scheme` unless told otherwise. */
export async function deliver(
  request: APIRequestContext,
  path: string,
  body: Buffer | string,
  options: {
    secret?: string;
    scheme?: SignatureScheme;
    signature?: string | null;
    headers?: Record<string, string>;
  } = {},
): Promise<APIResponse> {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const scheme = options.scheme ?? DEFAULT_SCHEME;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    "content-type": "application/json",
    ...options.headers,
  };
  const signature =
    options.signature !== undefined
      ? options.signature
      : options.secret
        ? sign(bytes, options.secret, scheme, timestamp)
        : null;
  if (signature !== null) headers["x-webhook-signature"] = signature;
  if (scheme.content === "timestamp.body") headers["x-webhook-timestamp"] = timestamp;
  return request.post(path, { data: bytes, headers });
}
