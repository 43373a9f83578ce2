"use client";

import { NativeSelect } from "@/components/ui/native-select";
import { allSchemes, schemeId } from "@/lib/signing/schemes";

const SCHEME_IDS = allSchemes().map(schemeId);

/** A scheme of the catalogue by its id (replay re-signed, a handler check); `first` goes above the list. */
export function SchemeSelect({
  id,
  value,
  onChange,
  size,
  first,
}: {
  id: string;
  value: string;
  onChange: (scheme: string) => void;
  size?: "sm" | "default";
  first?: { value: string; label: string };
}) {
  return (
    <NativeSelect
      id={id}
      size={size}
      className="w-full font-mono text-xs [&>select]:text-xs"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {first ? <option value={first.value}>{first.label}</option> : null}
      {SCHEME_IDS.map((scheme) => (
        <option key={scheme} value={scheme}>
          {scheme}
        </option>
      ))}
    </NativeSelect>
  );
}
