import { Suspense, useEffect, useRef, type RefObject } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { FeedbackWidget } from '@/features/feedback/components/feedback-widget';
import { ContentColumn } from './content-column';
import { Footer } from './footer';
import { Header } from './header';
import { LanguageSwitch } from './language-switch';
import { isTranslated, showsHeader } from './layout-rules';
import { PageLoading } from './page-loading';

const Shell = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

/**
 * On the landing page (no header bar) the language switch sits over the top right of the page, out of the flow: the
 * brand line the page's shell paints before the scripts stays exactly where it was, so nothing moves when the site
 * takes over from the shell. Under a header bar it sits at the end of the bar's row, beside the brand, never over it.
 */
const SwitchBar = styled(ContentColumn)`
  position: absolute;
  top: 6px;
  left: 0;
  right: 0;
  z-index: 1;
  display: flex;
  justify-content: flex-end;
  pointer-events: none;

  > * {
    pointer-events: auto;
  }
`;

const Main = styled.main`
  flex: 1;
  padding: ${({ theme }) => `${theme.space.lg} 0`};

  /* The heading takes focus only to be read out after a route change; it is not a control. */
  h1[tabindex='-1']:focus {
    outline: none;
  }
`;

/** Links written for a hash-routed address (`/#/faq?section=claim`) open the same page under today's routes. */
export const legacyHashRoute = (hash: string): string | undefined => (hash.startsWith('#/') ? hash.slice(1) : undefined);

/**
 * After each route change (not the first page load, which screen readers read from the top) focus moves to the new
 * page's main heading, so a screen reader says where the visitor now is and Tab starts from there. A page that put
 * the focus somewhere itself (an FAQ entry asked for, a dialog) keeps it.
 */
export function useFocusHeadingOnRouteChange(mainRef: RefObject<HTMLElement | null>, pathname: string) {
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const main = mainRef.current;
    const active = document.activeElement;
    const placedByPage = active instanceof HTMLElement && active !== document.body && (main?.contains(active) || active.closest('[aria-modal="true"]'));
    if (!main || placedByPage) return;
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [mainRef, pathname]);
}

export function AppLayout() {
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const legacyRoute = legacyHashRoute(hash);
  const mainRef = useRef<HTMLElement>(null);
  useFocusHeadingOnRouteChange(mainRef, pathname);

  useEffect(() => {
    if (legacyRoute !== undefined) void navigate(legacyRoute, { replace: true });
  }, [legacyRoute, navigate]);

  const translated = isTranslated(pathname);
  return (
    // The member pages, the login and the pitch for associations are English only, whatever the visitor chose.
    <Shell lang={translated ? undefined : 'en'}>
      {showsHeader(pathname) && <Header end={translated ? <LanguageSwitch /> : undefined} />}
      {translated && !showsHeader(pathname) && (
        <SwitchBar>
          <LanguageSwitch />
        </SwitchBar>
      )}
      <Main ref={mainRef}>
        <ContentColumn>
          {/* Pages are fetched on demand; only a first visit shows this (navigations keep the old page meanwhile). */}
          {/* A page that fails to render shows the error panel under the header; the next page starts afresh. */}
          <AppErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </AppErrorBoundary>
        </ContentColumn>
      </Main>
      <Footer />
      <FeedbackWidget />
    </Shell>
  );
}
