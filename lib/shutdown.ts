/**
 * What must run when the project's own server (lib/http/server.ts) stops, after its last answer went out:
 * closing the database, which releases the embedded database's lock for a replacement server. Hooks are
 * registered from inside the app (lib/startup.ts) and run by the server, two copies of this module (Next's
 * bundle and Node's), hence the registry on globalThis. Under `next start` alone nobody runs them: the
 * process simply exits.
 */
const KEY = Symbol.for("project-console.shutdown-hooks");
const holder = globalThis as { [KEY]?: Array<() => Promise<void>> };

/** A hook gets this long; a stuck one must not keep the process from exiting. */
const HOOK_TIMEOUT_MS = 5_000;

export function onShutdown(hook: () => Promise<void>): void {
  (holder[KEY] ??= []).push(hook);
}

export async function runShutdownHooks(): Promise<void> {
  const hooks = holder[KEY]?.splice(0) ?? [];
  await Promise.allSettled(
    hooks.map((hook) =>
      Promise.race([
        hook(),
        new Promise<void>((resolve) => setTimeout(resolve, HOOK_TIMEOUT_MS).unref()),
      ]),
    ),
  );
}
