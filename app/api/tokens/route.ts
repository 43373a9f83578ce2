import { consoleRoute } from "@/lib/api/handler";
import { accessTokenList, issueAccessToken } from "@/lib/auth/access-token-console";
import {
  accessTokenListSchema,
  createAccessTokenSchema,
  createdAccessTokenSchema,
} from "@/lib/auth/access-token-schemas";

export const dynamic = "force-dynamic";

/** The caller's access tokens (an admin: everyone's, with owners). Never a token itself, never its hash. */
export const GET = consoleRoute({ answer: accessTokenListSchema }, ({ member }) =>
  accessTokenList(member),
);

/** A new token, in this answer only. Signed in and same-origin only: a token cannot create tokens. */
export const POST = consoleRoute(
  { body: createAccessTokenSchema, answer: createdAccessTokenSchema, status: 201 },
  ({ member, body }) => issueAccessToken(member, body),
);
