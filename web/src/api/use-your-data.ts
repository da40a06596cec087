import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@saathi/contracts';
import {
  currentDataExportRoute,
  deleteAccountRoute,
  downloadDataExportRoute,
  requestDataExportRoute,
} from './routes';
import { api } from './api-client';
import { announceSignedOut } from './sign-out';

const dataExportKey = ['data-export'] as const;
/** How often the section asks whether the job has finished the file. */
const PREPARING_POLL_MS = 2_000;

/**
 * The person's current "Download my data" export (or none). While the server's job prepares it,
 * the status is asked again every two seconds, so the section turns into a Download button on
 * its own.
 */
export function useDataExport() {
  return useQuery({
    queryKey: dataExportKey,
    queryFn: ({ signal }) => api.call(currentDataExportRoute, { signal }),
    refetchInterval: (query) =>
      query.state.data?.export?.status === 'preparing' ? PREPARING_POLL_MS : false,
  });
}

/** Asks for a new export; the server queues the job and answers "preparing". */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(requestDataExportRoute, {}),
    onSuccess: (status) => queryClient.setQueryData(dataExportKey, { export: status }),
  });
}

/** Where the browser downloads the file (a plain link: the session cookie goes with it). */
export function dataExportDownloadPath(id: string): string {
  return pathOf(downloadDataExportRoute, { id });
}

/** Deleting the account ends its sessions: the other tabs are told to sign out at once. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => api.call(deleteAccountRoute, { body: password ? { password } : {} }),
    onSuccess: () => announceSignedOut(),
  });
}
