import { consoleRoute } from "@/lib/api/handler";
import { accessTokenList, issueAccessToken } from "@/lib/auth/access-token-console";
import { createAccessTokenSchema } from "@/lib/auth/access-token-schemas";

export const dynamic = "force-dynamic";

/** The caller's access tokens (an admin: everyone's, with owners). Never a token itself, never its hash. */
export const GET = consoleRoute({}, ({ member }) => accessTokenList(member));

/** A new token, in this answer only. Signed in and same-origin only: a token cannot create tokens. */
export const POST = consoleRoute(
  { body: createAccessTokenSchema, status: 201 },
  ({ member, body }) => issueAccessToken(member, body),
);
