/** A form's error, announced by screen readers as soon as it appears. */
export function FormError({ message, id }: { message?: string; id?: string }) {
  return (
    <div role="alert" id={id} className={message ? "" : "sr-only"}>
      {message ? (
        <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** A form's success message, announced politely. */
export function FormStatus({ message }: { message?: string }) {
  return (
    <div role="status" className={message ? "" : "sr-only"}>
      {message ? (
        <p className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100">
          {message}
        </p>
      ) : null}
    </div>
  );
}
