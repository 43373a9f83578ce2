import "server-only";

/**
 * INTERIM (foundation): the auth issue replaces this body with the real next-auth session check.
 * Contract every route relies on: resolves to the signed-in member, or throws ApiError(401, "unauthorized").
 */
export interface Member {
  id: string;
  email: string;
  role: string;
}

export async function requireMember(): Promise<Member> {
  return { id: "interim", email: "interim@localhost", role: "admin" };
}
