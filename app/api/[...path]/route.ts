import { errorJson } from "@/lib/api/errors";

/**
 * Any /api path no route handles: a JSON 404, as every API answer is JSON. Without it Next renders the
 * not-found page, and its layout sends a signed-out client to sign-in (307) from a public path such as
 * /api/webhooks/receive/a/b. Paths that are not public still meet proxy.ts first (401 when signed out).
 */
function notFound(request: Request) {
  const { pathname } = new URL(request.url);
  return errorJson("not_found", `There is no API at ${pathname}.`);
}

export { notFound as GET, notFound as HEAD, notFound as POST, notFound as PUT };
export { notFound as PATCH, notFound as DELETE };
