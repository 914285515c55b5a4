import { useEffect } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { AppLayout } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { FeedbackDialog } from '@/features/feedback/components/feedback-widget';
import { LandingPage } from '@/features/landing/components/landing-page';
import { lazyComponentWithQueries } from '@/lib/lazy-component';

// Only the landing page is in the first download; every other page (the identification questions and the report
// form, the member area with its tour and forms, the login and content pages) is fetched when first shown, with
// React Query and the API client.
const ClaimPage = lazyComponentWithQueries(() => import('@/features/alert-claim/components/claim-page'), (m) => m.ClaimPage);
const LearnMorePage = lazyComponentWithQueries(() => import('@/features/associations/components/learn-more-page'), (m) => m.LearnMorePage);
const LoginPage = lazyComponentWithQueries(() => import('@/features/auth/components/login-page'), (m) => m.LoginPage);
const AboutPage = lazyComponentWithQueries(() => import('@/features/content/components/about-page'), (m) => m.AboutPage);
const PrivacyPage = lazyComponentWithQueries(() => import('@/features/content/components/privacy-page'), (m) => m.PrivacyPage);
const TermsOfServicePage = lazyComponentWithQueries(() => import('@/features/content/components/terms-of-service-page'), (m) => m.TermsOfServicePage);
const identificationPages = () => import('@/features/identify/components/identification-pages');
const CheckClusterPage = lazyComponentWithQueries(identificationPages, (m) => m.CheckClusterPage);
const SwarmSizePage = lazyComponentWithQueries(identificationPages, (m) => m.SwarmSizePage);
const CheckAboveGroundPage = lazyComponentWithQueries(identificationPages, (m) => m.CheckAboveGroundPage);
const ElevationPage = lazyComponentWithQueries(identificationPages, (m) => m.ElevationPage);
const FaqPage = lazyComponentWithQueries(() => import('@/features/member-guide/components/faq-page'), (m) => m.FaqPage);
const GettingStartedPage = lazyComponentWithQueries(() => import('@/features/member-guide/components/getting-started-page'), (m) => m.GettingStartedPage);
const memberPages = () => import('./member-pages');
const MemberArea = lazyComponentWithQueries(memberPages, (m) => m.MemberArea);
const MemberProfilePage = lazyComponentWithQueries(memberPages, (m) => m.MemberProfilePage);
const reportPages = () => import('@/features/report/components/report-pages');
const ReportPage = lazyComponentWithQueries(reportPages, (m) => m.ReportPage);
const ReportSuccessPage = lazyComponentWithQueries(reportPages, (m) => m.ReportSuccessPage);

const lazyPages = [
  LearnMorePage, LoginPage, AboutPage, PrivacyPage, TermsOfServicePage, CheckClusterPage, SwarmSizePage,
  CheckAboveGroundPage, ElevationPage, FaqPage, GettingStartedPage, MemberArea, MemberProfilePage, ReportPage,
  ReportSuccessPage, ClaimPage,
];

/** Every component fetched on demand, for tests, which render synchronously. */
export const lazyComponents = [...lazyPages, FeedbackDialog];

/** When the browser is idle, runs `task` (soon after, where it cannot tell when it is idle). */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 3_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1_000);
  return () => window.clearTimeout(handle);
}

/**
 * The landing page, which (once it has painted and the browser is idle) fetches the pages a reporter goes through
 * next, the identification questions and the report form, so following "Report a swarm" does not wait on a slow line.
 */
function LandingRoute() {
  useEffect(
    () =>
      whenIdle(() => {
        for (const page of [CheckClusterPage, ReportPage]) void page.preload().catch(() => undefined);
      }),
    [],
  );
  return <LandingPage />;
}

/** Every route of spec §2 under the shared layout; the layout's error boundary shows the fallback panel. */
export const pageRoutes: RouteObject[] = [
  { index: true, element: <LandingRoute /> },
  { path: paths.report.path, element: <ReportPage /> },
  { path: paths.identify.checkCluster.path, element: <CheckClusterPage /> },
  { path: paths.identify.size.path, element: <SwarmSizePage /> },
  { path: paths.identify.checkAboveGround.path, element: <CheckAboveGroundPage /> },
  { path: paths.identify.elevation.path, element: <ElevationPage /> },
  { path: paths.identify.report.path, element: <ReportPage /> },
  { path: paths.about.path, element: <AboutPage /> },
  { path: paths.privacy.path, element: <PrivacyPage /> },
  { path: paths.termsOfService.path, element: <TermsOfServicePage /> },
  { path: paths.learnMore.path, element: <LearnMorePage /> },
  { path: paths.success.path, element: <ReportSuccessPage /> },
  { path: paths.gettingStarted.path, element: <GettingStartedPage /> },
  { path: paths.faq.path, element: <FaqPage /> },
  {
    path: paths.member.path,
    element: <MemberArea />,
    // Spec §2: a single inner route, /member/*, shows the member profile; a splat child does not match /member itself.
    children: [
      { index: true, element: <MemberProfilePage /> },
      { path: '*', element: <MemberProfilePage /> },
    ],
  },
  { path: paths.login.path, element: <LoginPage /> },
  // Public: the token in the address is the proof; the page never claims by itself being opened.
  { path: paths.claim.path, element: <ClaimPage /> },
  // Spec §2: any unknown address falls back to the landing page, at its own address, replacing the unknown one in
  // the history (so Back does not return to it) rather than showing the landing page under the header bar.
  { path: '*', element: <Navigate to={paths.landing.getHref()} replace /> },
];

export const createAppRoutes = (children: RouteObject[] = pageRoutes): RouteObject[] => [
  {
    path: '/',
    element: <AppLayout />,
    children,
  },
];
