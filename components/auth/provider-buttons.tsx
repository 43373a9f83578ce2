import { Button } from "@/components/ui/button";
import { signInWithProvider } from "@/lib/auth/actions/sign-in";

/** "Continue with GitHub / Google", shown only for the providers the server has credentials for. */
export function ProviderButtons({
  providers,
  callbackUrl,
}: {
  providers: { id: string; name: string }[];
  callbackUrl: string;
}) {
  return (
    <div className="mt-5">
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </div>
      <div className="mt-4 space-y-2">
        {providers.map((provider) => (
          <form key={provider.id} action={signInWithProvider}>
            <input type="hidden" name="provider" value={provider.id} />
            <input type="hidden" name="callbackUrl" value={callbackUrl} />
            <Button type="submit" variant="outline" className="w-full">
              Continue with {provider.name}
            </Button>
          </form>
        ))}
      </div>
    </div>
  );
}
