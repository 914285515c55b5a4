import { useIsFetching } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '@/config/paths';
import { memberQueryRoot, onSessionRejected } from '@/lib/query-client';
import { useMemberRequestsPending } from '@/lib/use-member-requests-pending';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { LogoutButton } from './logout-button';

/**
 * Spec §2: the member area is a parent route with a single inner route for the profile. It owns what every
 * member page shares: the logout action, the 'Loading...' overlay, and the way back to /login when the server
 * rejects the session (spec §6).
 */
export function MemberArea() {
  const navigate = useNavigate();
  useEffect(() => onSessionRejected(() => navigate(paths.login.getHref(), { replace: true })), [navigate]);

  const requestPending = useMemberRequestsPending();
  // The member's data is loading for the first time: nothing meaningful can be shown or edited yet.
  const firstLoad =
    useIsFetching({ queryKey: memberQueryRoot, predicate: (query) => query.state.data === undefined }) > 0;

  return (
    <>
      <MemberBar aria-label="Member">
        <LogoutButton />
      </MemberBar>
      <Outlet />
      <LoadingOverlay visible={requestPending || firstLoad} />
    </>
  );
}

const MemberBar = styled.nav`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space.md};
`;
