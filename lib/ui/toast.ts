/**
 * The console's toasts. sonner (its `toast()` and its `<Toaster>`) is loaded on the first toast, or when the
 * browser is idle after the page loaded, not with the page: no page needs it for its first paint. A toast
 * asked for before the Toaster is mounted shows as soon as it is (sonner keeps it until a Toaster subscribes).
 */

export interface ToastOptions {
  /** A second, quieter line. */
  description?: string;
}

const listeners = new Set<() => void>();
let toasterWanted = false;

/** Mounts the Toaster (components/ui/lazy-toaster.tsx), once. */
export function wantToaster(): void {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of listeners) listener();
}

export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToasterWanted(): boolean {
  return toasterWanted;
}

function show(kind: "success" | "error", message: string, options?: ToastOptions): void {
  wantToaster();
  void import("sonner").then(({ toast }) => toast[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
};
