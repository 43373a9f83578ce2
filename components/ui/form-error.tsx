import { CircleAlertIcon, CircleCheckIcon } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";

/**
 * A form's or an action's error, announced by screen readers as soon as it appears. A form's (the default)
 * heads the form as an alert box, its live region kept in place while empty so that the first error is
 * announced too; `inline` is one small sentence next to the control that failed, for the dense sheets and
 * dialogs of the webhook console.
 */
export function FormError({
  message,
  id,
  inline = false,
}: {
  message?: string | null;
  id?: string;
  inline?: boolean;
}) {
  if (inline) {
    return message ? (
      <p role="alert" id={id} className="text-xs text-destructive">
        {message}
      </p>
    ) : null;
  }
  return (
    <div role="alert" id={id} className={message ? "" : "sr-only"}>
      {message ? (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertDescription>{message}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

/** A form's success message, announced politely. */
export function FormStatus({ message }: { message?: string }) {
  return (
    <div role="status" className={message ? "" : "sr-only"}>
      {message ? (
        <Alert variant="success">
          <CircleCheckIcon aria-hidden="true" />
          <AlertDescription>{message}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
