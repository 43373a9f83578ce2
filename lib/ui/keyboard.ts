/** A key pressed here is text being typed, not a page shortcut (`/`, j/k). */
export function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

/** `/` with no modifier, outside a field: the page's "focus the search" shortcut. */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  return (
    event.key === "/" &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.altKey &&
    !event.defaultPrevented &&
    !isTypingTarget(event.target)
  );
}

/** The projects page's search field, which `/` focuses: the page's first screen asks for it before it exists. */
export const PROJECTS_SEARCH_ID = "projects-search";
