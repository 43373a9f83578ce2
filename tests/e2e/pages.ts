/** Every page of the app, for the smoke and accessibility sweeps. Add new pages here. */
export const PAGES = [
  { path: "/projects", heading: "Projects" },
  { path: "/webhooks", heading: "Webhooks" },
  { path: "/webhooks/events", heading: "Webhooks" },
  { path: "/webhooks/retries", heading: "Webhooks" },
  { path: "/webhooks/check", heading: "Webhooks" },
  { path: "/settings/members", heading: "Members" },
  { path: "/settings/account", heading: "Your account" },
  { path: "/settings/tokens", heading: "Access tokens" },
  { path: "/settings/connection", heading: "Connection" },
  { path: "/settings/connection/observed", heading: "Connection" },
  { path: "/alerts", heading: "Alerts" },
  { path: "/alerts/rules", heading: "Alerts" },
  { path: "/alerts/channels", heading: "Alerts" },
  { path: "/docs/api", heading: "API reference" },
  { path: "/docs/api/deliveries", heading: "Deliveries" },
  { path: "/docs/api/schemas", heading: "Schemas" },
] as const;

/** Pages a signed-out visitor sees; the sweeps open them without a session. */
export const PUBLIC_PAGES = [{ path: "/sign-in", heading: "Sign in" }] as const;
