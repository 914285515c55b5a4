import { useMutation } from '@tanstack/react-query';
import { MEMBER_DATA_FILE_NAME, memberData } from '@swarm/api-contract/member-account';
import { apiClient, parseResponse } from '@/lib/api-client';

/** GET /api/member/data → 200, everything kept about the member as one JSON document (the file's content). */
export const memberDataResponseSchema = memberData;

export { MEMBER_DATA_FILE_NAME };

export const downloadMemberData = async () =>
  parseResponse(memberDataResponseSchema, await apiClient.get<unknown>('/member/data'), 'GET /api/member/data');

/**
 * Fetched rather than followed as a link, so a failure is told on the page instead of saving or showing the error's
 * answer; the file is then handed to the browser to save.
 */
export function saveAsFile(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, when the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export const useDownloadMemberData = () => useMutation({ mutationFn: downloadMemberData });
