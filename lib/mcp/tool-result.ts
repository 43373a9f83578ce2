import "server-only";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { apiErrorOf } from "@/lib/api/handler";

/**
 * How an MCP tool answers: the value as structured content and, as the protocol asks of a tool without an
 * output schema, the same JSON as text (compact: a model's context is the scarce thing). `text` replaces
 * the JSON when the answer is itself a text a model reads better as is (a TypeScript type).
 */
export function toolAnswer(answer: object, text?: string): CallToolResult {
  // Through JSON once, so that the structured content is exactly what the text says (dates as ISO text).
  const structured = JSON.parse(JSON.stringify(answer)) as Record<string, unknown>;
  return {
    content: [{ type: "text", text: text ?? JSON.stringify(structured) }],
    structuredContent: structured,
  };
}

/**
 * A tool's failure as an MCP tool error (the model reads it and can act on it; the protocol call itself
 * succeeds): the app's own error, `{ error, code }`, with the sentence the API answers, or for anything
 * unexpected the generic one while the details go to the server log only (apiErrorOf): never a stack, a
 * database message or a secret. A rate limit says when to try again.
 */
export function toolError(error: unknown, where: string): CallToolResult {
  const apiError = apiErrorOf(error, where);
  const retryAfter = apiError.headers["Retry-After"];
  const answer = {
    error: apiError.message,
    code: apiError.code,
    ...(retryAfter ? { retryAfterSeconds: Number(retryAfter) } : {}),
  };
  const text = `${apiError.message} (${apiError.code}${retryAfter ? `; retry after ${retryAfter} s` : ""})`;
  return { isError: true, content: [{ type: "text", text }], structuredContent: answer };
}
