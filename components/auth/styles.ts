/** Shared Tailwind classes of the auth and settings forms, so every field looks and focuses the same. */
export const labelClass = "block text-sm font-medium text-zinc-800 dark:text-zinc-200";

export const inputClass =
  "mt-1 block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 " +
  "placeholder:text-zinc-500 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/40 " +
  "dark:border-zinc-600 dark:bg-zinc-950 dark:text-zinc-100 dark:focus:border-blue-400";

export const primaryButtonClass =
  "inline-flex items-center justify-center rounded-md bg-zinc-900 px-3 py-2 text-sm font-medium text-white " +
  "hover:bg-zinc-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 " +
  "focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-zinc-100 " +
  "dark:text-zinc-900 dark:hover:bg-zinc-300 dark:focus-visible:ring-offset-zinc-900";

export const secondaryButtonClass =
  "inline-flex items-center justify-center rounded-md border border-zinc-300 px-3 py-2 text-sm font-medium " +
  "text-zinc-800 hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 " +
  "disabled:cursor-not-allowed disabled:opacity-60 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800";

export const dangerButtonClass =
  "inline-flex items-center justify-center rounded-md border border-red-300 px-3 py-2 text-sm font-medium " +
  "text-red-800 hover:bg-red-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-600 " +
  "disabled:cursor-not-allowed disabled:opacity-60 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950";
