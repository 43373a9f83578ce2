import { CircleAlertIcon, CircleCheckIcon } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";

/** A form's error, announced by screen readers as soon as it appears. */
export function FormError({ message, id }: { message?: string; id?: string }) {
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
