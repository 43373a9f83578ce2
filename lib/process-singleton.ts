/**
 * A value made once per process on first use (never at build time), for the app's lazy front doors: the
 * database, the projects service, the bootstrapped member list. Callers at the same time share one promise.
 * It is kept on globalThis because Next's dev server re-evaluates modules on change, and a module-level
 * variable would open the PGlite folder (or bootstrap the members) a second time in the same process. A
 * failed attempt is forgotten, so the next call tries again instead of repeating the old error forever.
 */
export function processSingleton<T>(name: string, create: () => Promise<T>): () => Promise<T> {
  const key = Symbol.for(`project-console.${name}`);
  const holder = globalThis as Record<symbol, Promise<T> | undefined>;
  return () => {
    holder[key] ??= create().catch((error: unknown) => {
      holder[key] = undefined;
      throw error;
    });
    return holder[key];
  };
}
