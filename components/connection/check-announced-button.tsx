"use client";

import { RefreshCwIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { call } from "@/lib/webhooks/browser/console-client";

interface CheckAnswer {
  outcome: "checked" | "busy" | "not_configured";
  checked: string[];
  stoppedBecause: string | null;
}

/** An admin's "check now" of the announced endpoints (POST /api/connection/observed/check). */
export function CheckAnnouncedButton() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string>();

  function check() {
    startTransition(async () => {
      try {
        // The console API's writes are JSON, an empty object included (the proxy refuses a bare POST).
        const answer = await call<CheckAnswer>("/api/connection/observed/check", {
          method: "POST",
          body: "{}",
        });
        setMessage(
          answer.outcome === "busy"
            ? "Another check is running; its result will show here."
            : answer.outcome === "not_configured"
              ? "The service is not configured."
              : answer.stoppedBecause
                ? `Checked ${answer.checked.length} of 4; stopped: ${answer.stoppedBecause}.`
                : `Checked all ${answer.checked.length}.`,
        );
        router.refresh();
      } catch (caught) {
        setMessage(caught instanceof Error ? caught.message : "The check could not be started.");
      }
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="outline" size="sm" onClick={check} disabled={pending}>
        <RefreshCwIcon aria-hidden="true" className={pending ? "animate-spin" : undefined} />
        {pending ? "Checking…" : "Check now"}
      </Button>
      <p role="status" className="text-[13px] text-muted-foreground">
        {message}
      </p>
    </div>
  );
}
