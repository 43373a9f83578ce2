"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchProjects, projectQueries } from "@/lib/projects/queries";

/**
 * The Refresh button: `GET /api/projects?refresh=1` asks our server to skip its cache (it still honours the
 * service's rate limit and any Retry-After), and the answer replaces the list everyone on the page reads.
 */
export function useRefreshProjects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchProjects({ refresh: true }),
    onSuccess: (data) => queryClient.setQueryData(projectQueries.list().queryKey, data),
  });
}
