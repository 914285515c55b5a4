import { useMemberRequestsPending } from '@/lib/use-member-requests-pending';
import { LoadingOverlay } from './loading-overlay';

export function MemberRequestsOverlay() {
  return <LoadingOverlay visible={useMemberRequestsPending()} />;
}
