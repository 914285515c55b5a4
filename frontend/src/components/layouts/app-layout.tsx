import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { FeedbackWidget } from '@/features/feedback/components/feedback-widget';
import { ContentColumn } from './content-column';
import { Footer } from './footer';
import { Header } from './header';
import { showsHeader } from './layout-rules';

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const Main = styled.main`
  flex: 1;
  padding: ${({ theme }) => `${theme.space.lg} 0`};
`;

/** Links written for a hash-routed address (`/#/faq?section=claim`) open the same page under today's routes. */
export const legacyHashRoute = (hash: string): string | undefined => (hash.startsWith('#/') ? hash.slice(1) : undefined);

export function AppLayout() {
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const legacyRoute = legacyHashRoute(hash);

  useEffect(() => {
    if (legacyRoute !== undefined) navigate(legacyRoute, { replace: true });
  }, [legacyRoute, navigate]);

  return (
    <Shell>
      {showsHeader(pathname) && <Header />}
      <Main>
        <ContentColumn>
          <Outlet />
        </ContentColumn>
      </Main>
      <Footer />
      <FeedbackWidget />
    </Shell>
  );
}
