/** Every page of the app, for the smoke and accessibility sweeps. Add new pages here. */
export const PAGES = [
  { path: "/projects", heading: "Projects" },
  { path: "/webhooks", heading: "Webhooks" },
] as const;
