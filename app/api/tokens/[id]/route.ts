import { consoleRoute } from "@/lib/api/handler";
import { revokeAccessTokenOf } from "@/lib/auth/access-token-console";
import { accessTokenParamsSchema } from "@/lib/auth/access-token-schemas";

export const dynamic = "force-dynamic";

/** Revokes a token at once (own; an admin: any). Another member's token answers 404, like a missing one. */
export const DELETE = consoleRoute(
  { params: accessTokenParamsSchema },
  async ({ member, params }) => {
    await revokeAccessTokenOf(member, params.id);
    return new Response(null, { status: 204 });
  },
);
