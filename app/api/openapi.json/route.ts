import { consoleRoute } from "@/lib/api/handler";
import { openApiDocument } from "@/lib/api/openapi/document";
import { openApiAnswerSchema } from "@/lib/api/openapi/routes";

export const dynamic = "force-dynamic";

/**
 * This API's OpenAPI 3.1 document (lib/api/openapi). Behind a session or a token like the rest of the
 * console API: it holds no secret, but the developers' guide promises that only the receiver and the health
 * check answer anyone, and every tool that reads it already holds a token.
 */
export const GET = consoleRoute({ answer: openApiAnswerSchema }, async () => openApiDocument());
