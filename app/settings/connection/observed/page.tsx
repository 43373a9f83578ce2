import type { Metadata } from "next";
import { ObservedFacts } from "@/components/connection/observed-facts";
import { requirePageMember } from "@/lib/auth/guard";
import { observedFacts } from "@/lib/upstream/observed/console";

export const metadata: Metadata = { title: "Connection: observed" };
export const dynamic = "force-dynamic";

export default async function ObservedPage() {
  const member = await requirePageMember("/settings/connection/observed");
  const facts = await observedFacts();
  return (
    <>
      <p className="mb-4 max-w-2xl text-sm text-muted-foreground">
        What the service does where its spec is silent, as this console has seen it: each fact with
        how often and when it was first and last seen.
      </p>
      <ObservedFacts facts={facts} isAdmin={member.role === "admin"} />
    </>
  );
}
