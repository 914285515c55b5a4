import { Navigate, type RouteObject } from 'react-router-dom';
import { RouteErrorFallback } from '@/components/errors/route-error-fallback';
import { AppLayout } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { LearnMorePage } from '@/features/associations/components/learn-more-page';
import { LoginPage } from '@/features/auth/components/login-page';
import { AboutPage } from '@/features/content/components/about-page';
import { PrivacyPage } from '@/features/content/components/privacy-page';
import { TermsOfServicePage } from '@/features/content/components/terms-of-service-page';
import { CheckAboveGroundPage } from '@/features/identify/components/check-above-ground-page';
import { CheckClusterPage } from '@/features/identify/components/check-cluster-page';
import { ElevationPage } from '@/features/identify/components/elevation-page';
import { SwarmSizePage } from '@/features/identify/components/swarm-size-page';
import { LandingPage } from '@/features/landing/components/landing-page';
import { FaqPage } from '@/features/member-guide/components/faq-page';
import { GettingStartedPage } from '@/features/member-guide/components/getting-started-page';
import { MemberArea } from '@/features/member/components/member-area';
import { MemberProfilePage } from './member-profile-page';
import { ReportPage } from '@/features/report/components/report-page';
import { ReportSuccessPage } from '@/features/report/components/report-success-page';

/** Every route of spec §2 under the shared layout; the layout's error boundary shows the fallback panel. */
export const pageRoutes: RouteObject[] = [
  { index: true, element: <LandingPage /> },
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
  // Spec §2: any unknown address falls back to the landing page, at its own address, replacing the unknown one in
  // the history (so Back does not return to it) rather than showing the landing page under the header bar.
  { path: '*', element: <Navigate to={paths.landing.getHref()} replace /> },
];

export const createAppRoutes = (children: RouteObject[] = pageRoutes): RouteObject[] => [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorFallback />,
    children,
  },
];
