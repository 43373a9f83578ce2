"use client";

import { useQuery } from "@tanstack/react-query";
import { NativeSelect } from "@/components/ui/native-select";
import { DEFAULT_ENDPOINT_ID } from "@/lib/webhooks/shared/constants";
import { inspectorQueries } from "@/lib/webhooks/browser/inspector-queries";
import { visibleText } from "@/lib/ui/visible-text";

/**
 * One endpoint at a time (shapes and retries are per endpoint); the default one when none is chosen. The
 * browser's own select: names are plain text (their invisible characters shown, as UserText does), and the
 * page's first load carries no listbox code.
 */
export function EndpointPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (id: string | null) => void;
}) {
  const endpoints = useQuery(inspectorQueries.endpoints()).data ?? [];
  const current = value || DEFAULT_ENDPOINT_ID;
  const known = endpoints.some((endpoint) => endpoint.id === current);
  return (
    <NativeSelect
      size="sm"
      aria-label="Endpoint"
      className="w-full max-w-64 sm:w-56"
      value={current}
      onChange={(event) => {
        const next = event.target.value;
        onChange(next === DEFAULT_ENDPOINT_ID ? null : next);
      }}
    >
      {endpoints.map((endpoint) => (
        <option key={endpoint.id} value={endpoint.id}>
          {visibleText(endpoint.name)}
        </option>
      ))}
      {/* Before the list arrives, or for an endpoint it no longer holds: the value in view still shows. */}
      {known ? null : (
        <option value={current}>
          {current === DEFAULT_ENDPOINT_ID ? "Default" : visibleText(current)}
        </option>
      )}
    </NativeSelect>
  );
}
