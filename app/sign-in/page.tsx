import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { z } from "zod";
import { ProviderButtons } from "@/components/auth/provider-buttons";
import { SignInForm } from "@/components/auth/sign-in-form";
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
    <div className="mx-auto mt-6 w-full max-w-sm sm:mt-12">
      <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
          Sign in
        </h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          to {clientEnv.NEXT_PUBLIC_APP_NAME}, with the account a workspace admin gave you.
        </p>
        {query.signedOut && !error ? (
          <p
            role="status"
            className="mt-4 rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200"
          >
            You have signed out.
          </p>
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
      </div>
    </div>
  );
}
