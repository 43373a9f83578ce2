import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { z } from "@/lib/zod";
import { ProviderButtons } from "@/components/auth/provider-buttons";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { getCurrentMember } from "@/lib/auth/guard";
import { signInErrorMessage } from "@/lib/auth/messages";
import { oauthProviderChoices } from "@/lib/auth/oauth";
import { DEMO_MEMBER } from "@/lib/auth/demo-member";
import { getServerEnv } from "@/lib/env";
import { clientEnv } from "@/lib/env-client";

export const metadata: Metadata = { title: "Sign in" };

const querySchema = z.object({
  callbackUrl: z.string().optional().catch(undefined),
  error: z.string().max(64).optional().catch(undefined),
  code: z.string().max(64).optional().catch(undefined),
  signedOut: z.string().optional().catch(undefined),
});

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = querySchema.parse(await searchParams);
  const callbackPath = safeCallbackPath(query.callbackUrl);
  // Already signed in (and still a member): straight on to where they were going.
  if (await getCurrentMember()) redirect(callbackPath);

  const env = getServerEnv();
  const providers = oauthProviderChoices(env);
  const error = signInErrorMessage(query.error, query.code);

  return (
    <div className="mx-auto mt-4 w-full max-w-sm sm:mt-16">
      <Card className="gap-0 px-6 py-6">
        <h1 className="text-lg font-semibold tracking-tight">Sign in</h1>
        <p className="mt-1 text-[13px] text-muted-foreground">
          to {clientEnv.NEXT_PUBLIC_APP_NAME}, with the account a workspace admin gave you.
        </p>
        {query.signedOut && !error ? (
          <Alert role="status" className="mt-5">
            <AlertDescription>
              {query.signedOut === "everywhere"
                ? "You have signed out on every device."
                : "You have signed out on this device."}
            </AlertDescription>
          </Alert>
        ) : null}
        <SignInForm
          callbackUrl={callbackPath}
          initialError={error ?? undefined}
          // Shown only in demo mode, where its password is public anyway.
          demo={env.DEMO_MODE ? DEMO_MEMBER : undefined}
        />
        {providers.length > 0 ? (
          <ProviderButtons providers={providers} callbackUrl={callbackPath} />
        ) : null}
      </Card>
    </div>
  );
}
