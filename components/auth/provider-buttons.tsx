import { signInWithProvider } from "@/lib/auth/actions/sign-in";
import { secondaryButtonClass } from "./styles";

/** "Continue with GitHub / Google", shown only for the providers the server has credentials for. */
export function ProviderButtons({
  providers,
  callbackUrl,
}: {
  providers: { id: string; name: string }[];
  callbackUrl: string;
}) {
  return (
    <div className="mt-6 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <p className="text-center text-xs text-zinc-600 dark:text-zinc-400">or</p>
      <div className="mt-3 space-y-2">
        {providers.map((provider) => (
          <form key={provider.id} action={signInWithProvider}>
            <input type="hidden" name="provider" value={provider.id} />
            <input type="hidden" name="callbackUrl" value={callbackUrl} />
            <button type="submit" className={`${secondaryButtonClass} w-full`}>
              Continue with {provider.name}
            </button>
          </form>
        ))}
      </div>
    </div>
  );
}
