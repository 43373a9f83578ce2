"use client";

import type { ReactNode } from "react";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
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
  first?: ReactNode;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger id={id} size={size} className="w-full font-mono text-xs">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {first}
        {SCHEME_IDS.map((scheme) => (
          <SelectItem key={scheme} value={scheme} className="font-mono text-xs">
            {scheme}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
