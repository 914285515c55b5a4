import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
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

export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <Shell>
      {showsHeader(pathname) && <Header />}
      <Main>
        <ContentColumn>
          <Outlet />
        </ContentColumn>
      </Main>
      <Footer />
    </Shell>
  );
}
