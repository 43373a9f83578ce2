"use client";

import { useQuery } from "@tanstack/react-query";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { UserText } from "@/components/ui/user-text";
import { DEFAULT_ENDPOINT_ID } from "@/lib/webhooks/shared/constants";
import { inspectorQueries } from "@/lib/webhooks/browser/inspector-queries";

/** One endpoint at a time (shapes and retries are per endpoint); the default one when none is chosen. */
export function EndpointPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (id: string | null) => void;
}) {
  const endpoints = useQuery(inspectorQueries.endpoints()).data ?? [];
  const current = value || DEFAULT_ENDPOINT_ID;
  return (
    <Select
      value={current}
      onValueChange={(next) => onChange(next === DEFAULT_ENDPOINT_ID ? null : next)}
    >
      <SelectTrigger size="sm" aria-label="Endpoint" className="w-full max-w-64 sm:w-56">
        <SelectValue placeholder="Default endpoint" />
      </SelectTrigger>
      <SelectContent>
        {endpoints.length === 0 ? (
          <SelectItem value={DEFAULT_ENDPOINT_ID}>Default</SelectItem>
        ) : (
          endpoints.map((endpoint) => (
            <SelectItem key={endpoint.id} value={endpoint.id}>
              <UserText value={endpoint.name} truncate />
            </SelectItem>
          ))
        )}
      </SelectContent>
    </Select>
  );
}
