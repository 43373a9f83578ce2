"use client";

import type { ReactNode, Ref } from "react";
import { ResizablePanelGroup, ResizablePanel, ResizableHandle } from "@/components/ui/resizable";

export interface SplitProps {
  list: ReactNode;
  detail: ReactNode;
  listRef: Ref<HTMLDivElement>;
}

/** From 1024 px: the list and the detail pane side by side, the divider between them dragged (or keyed). */
export function InspectorSplit({ list, detail, listRef }: SplitProps) {
  return (
    <ResizablePanelGroup orientation="horizontal" className="min-h-0 flex-1">
      <ResizablePanel defaultSize="40%" minSize="320px" maxSize="70%">
        <div ref={listRef} className="h-full">
          {list}
        </div>
      </ResizablePanel>
      <ResizableHandle withHandle aria-label="Resize the list and the detail pane" />
      <ResizablePanel minSize="360px">{detail}</ResizablePanel>
    </ResizablePanelGroup>
  );
}
