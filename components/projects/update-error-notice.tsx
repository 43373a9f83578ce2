import { ProjectsRequestError } from "@/lib/projects/queries";

/** A refresh or background check failed while a list is on screen: the list stays, the failure is said. */
export function UpdateErrorNotice({ error }: { error: Error }) {
  const unauthenticated = error instanceof ProjectsRequestError && error.isUnauthenticated;
  return (
    <div
      role="alert"
      className="rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-[13px] text-foreground"
    >
      <span className="font-semibold text-destructive">Could not update the list.</span>{" "}
      {error instanceof ProjectsRequestError ? error.message : "Something went wrong. Try again."}
      {unauthenticated ? (
        <>
          {" "}
          <a href="/sign-in?callbackUrl=%2Fprojects" className="font-medium underline">
            Sign in again
          </a>
        </>
      ) : null}
    </div>
  );
}
