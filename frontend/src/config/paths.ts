/** Every route of spec §2 (and the claim page of alerts) in one place, so links and the route table cannot drift apart. */
export const paths = {
  landing: { path: '/', getHref: () => '/' },
  report: { path: '/report', getHref: () => '/report' },
  identify: {
    checkCluster: { path: '/identify/check-cluster', getHref: () => '/identify/check-cluster' },
    size: { path: '/identify/size', getHref: () => '/identify/size' },
    checkAboveGround: { path: '/identify/check-above-ground', getHref: () => '/identify/check-above-ground' },
    elevation: { path: '/identify/elevation', getHref: () => '/identify/elevation' },
    report: { path: '/identify/report', getHref: () => '/identify/report' },
  },
  about: { path: '/about', getHref: () => '/about' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  termsOfService: { path: '/tos', getHref: () => '/tos' },
  learnMore: { path: '/learn-more', getHref: () => '/learn-more' },
  success: {
    path: '/success/:reportId',
    getHref: (reportId: string) => `/success/${encodeURIComponent(reportId)}`,
  },
  gettingStarted: { path: '/getting-started', getHref: () => '/getting-started' },
  faq: { path: '/faq', getHref: () => '/faq' },
  member: { path: '/member', getHref: () => '/member' },
  login: { path: '/login', getHref: () => '/login' },
  /** An alert's claim page, linked from its email and opened from its notification. */
  claim: {
    path: '/claim/:token',
    getHref: (token: string) => `/claim/${encodeURIComponent(token)}`,
  },
} as const;
