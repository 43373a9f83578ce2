import type { IncomingMessage, ServerResponse } from "node:http";
import type { z } from "@/lib/zod";
import type { SimContext } from "./context";
import { readJson, sendError } from "./http";

/** What every control route is, and how it reads a JSON body: invalid input is a 400 naming each problem. */
export type ControlRoute = (
  ctx: SimContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  params: string[],
) => Promise<void> | void;

function zodMessage(error: z.ZodError): string {
  return error.issues
    .map((issue) =>
      issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
    )
    .join("; ");
}

export function parseValue<T extends z.ZodType>(
  res: ServerResponse,
  schema: T,
  value: unknown,
): z.infer<T> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  sendError(res, 400, `Invalid body: ${zodMessage(result.error)}`);
  return undefined;
}

export async function parseBody<T extends z.ZodType>(
  req: IncomingMessage,
  res: ServerResponse,
  schema: T,
): Promise<z.infer<T> | undefined> {
  return parseValue(res, schema, await readJson(req));
}
