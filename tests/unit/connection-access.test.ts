import { describe, expect, it } from "vitest";
import type { Member } from "@/lib/auth/guard";
import { saveApiKey, useEnvironmentApiKey } from "@/lib/connection/console";
import { checkAnnouncedNow } from "@/lib/upstream/observed/console";

/**
 * Settings → Connection: members read, admins change. Each change is refused before anything is read, saved
 * or sent to the service, so these run without a database or a simulator: reaching either would fail here.
 */
const member = (role: "admin" | "member", token: Member["token"] = null) =>
  ({ id: "m", email: "m@team.example", role, token }) as unknown as Member;

describe("who may change the connection", () => {
  it("a member who is not an admin is refused the key, going back to the environment's, and Check now", async () => {
    const notAdmin = member("member");
    await expect(saveApiKey(notAdmin, { apiKey: "sim_anything_1234" })).rejects.toMatchObject({
      code: "forbidden",
      message: "Only an admin can change the API key.",
    });
    await expect(useEnvironmentApiKey(notAdmin)).rejects.toMatchObject({
      code: "forbidden",
      message: "Only an admin can change the API key.",
    });
    await expect(checkAnnouncedNow(notAdmin)).rejects.toMatchObject({
      code: "forbidden",
      message: "Only an admin can check the announced endpoints now.",
    });
  });

  it("an admin's access token cannot change the key: that takes a signed-in session", async () => {
    const token = { id: "t", name: "ci", scopes: ["admin"] } as unknown as Member["token"];
    await expect(
      saveApiKey(member("admin", token), { apiKey: "sim_anything_1234" }),
    ).rejects.toMatchObject({
      code: "session_required",
    });
  });
});
