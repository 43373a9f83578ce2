import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterEach, describe, expect, it } from "vitest";
import type { Member } from "@/lib/auth/guard";
import type { TokenScope } from "@/lib/auth/scopes";
import { createConsoleMcpServer } from "@/lib/mcp/server";

/**
 * The MCP server's scope gate, through the SDK's own client: a token without `write` is refused every tool
 * that sends or changes something, with the API's insufficient_scope sentence, before the tool does
 * anything. Here the caller is a member whose token has `read` only, as requireApiMember hands it on, with
 * no database behind the refused tools, so the gate itself is what is tested; tests/e2e/mcp.spec.ts proves the
 * same over real HTTP with a read-only token made by POST /api/tokens.
 */

function memberWith(scopes: readonly TokenScope[]): Member {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    email: "agent@example.com",
    role: "member",
    name: null,
    sessionId: null,
    token: { id: "00000000-0000-4000-8000-000000000002", name: "agent", scopes },
    mustChangePassword: false,
    slowedAttempts: 0,
    slowedSince: null,
  };
}

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function connectAs(scopes: readonly TokenScope[]): Promise<Client> {
  const server = createConsoleMcpServer({
    member: memberWith(scopes),
    requestOrigin: "http://localhost:3000",
    consoleOrigin: "http://localhost:3000",
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "scope-test", version: "1.0.0" });
  await client.connect(clientSide);
  clients.push(client);
  return client;
}

/** Every write tool, with arguments its schema accepts: the refusal must come from the scope alone. */
const WRITE_CALLS: Record<string, Record<string, unknown>> = {
  replay_delivery: { id: "1", url: "https://example.com/webhooks" },
  send_test_delivery: { endpoint: "default", event: "task.created" },
  check_handler: { url: "https://example.com/webhooks", endpoint: "default" },
  update_alert_issue: { id: "00000000-0000-4000-8000-000000000000", status: "resolved" },
};

describe("the MCP server's scopes", () => {
  it("lists its write tools as not read-only, and says in each description that it needs write", async () => {
    const client = await connectAs(["read"]);
    const { tools } = await client.listTools();
    const writers = tools.filter((tool) => tool.annotations?.readOnlyHint !== true);
    expect(writers.map((tool) => tool.name).sort()).toEqual(Object.keys(WRITE_CALLS).sort());
    for (const tool of writers) expect(tool.description).toContain("Needs the `write` scope");
  });

  it("refuses every write tool to a token with read only, with the API's insufficient_scope sentence", async () => {
    const client = await connectAs(["read"]);
    for (const [name, args] of Object.entries(WRITE_CALLS)) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, name).toBe(true);
      expect(result.structuredContent, name).toEqual({
        code: "insufficient_scope",
        error:
          'This access token has no "write" scope. Create one with it in Settings → Access tokens.',
      });
      expect(result.content, name).toEqual([
        {
          type: "text",
          text: 'This access token has no "write" scope. Create one with it in Settings → Access tokens. (insufficient_scope)',
        },
      ]);
    }
  });

  it("lets a token with write past the gate (the replay then fails on what it names, not on its scope)", async () => {
    const client = await connectAs(["read", "write"]);
    const result = await client.callTool({
      name: "replay_delivery",
      arguments: {
        id: "1",
        url: "https://example.com/webhooks",
        mode: "exact",
        scheme: "body/hex/none/raw",
      },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ code: "invalid_body" });
    expect(JSON.stringify(result.content)).toContain("secret and scheme are for mode resign only");
  });
});
