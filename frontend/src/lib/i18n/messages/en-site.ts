/**
 * The English catalog, first part: the texts shown before any page is fetched (the landing page, the header and
 * footer, the language switch, the Feedback tab, the error panel, the loading line). It ships with the landing page;
 * the rest of the catalog (en-pages.ts) comes with the pages that say it. See en.ts.
 */
export const enSite = {
  'language.switchLabel': 'Language',
  'landing.documentTitle': 'Swarm Alert | Report a honeybee swarm',
  'landing.title': 'Found a swarm of honeybees?',
  'landing.intro':
    "Don't worry. Swarming honeybees are usually calm and rarely sting. Keep a safe distance, and we'll alert local beekeepers who can come and collect them.",
  'landing.honeybeesOnly.title': 'Honeybees only',
  'landing.honeybeesOnly.text':
    "This service handles only honeybee swarms. We can't help with wasps, hornets or yellow jackets. Not sure what you're looking at? The next few questions will help you check.",
  'landing.reportSwarm': 'Report a swarm',
  'landing.howItWorks': 'How does it work?',
  'landing.association.title': 'Are you an association?',
  'landing.association.text': 'Let your beekeepers hear about swarms near them, so more swarms find a good home.',
  'landing.association.learnMore': 'Learn More',
  'landing.alreadyMember': 'Already a member?',
  'landing.memberLogin': 'Member login',
  'layout.home': 'Home',
  'layout.poweredBy': 'Powered by',
  'layout.privacyPolicy': 'Privacy Policy',
  'layout.pageLoading': 'Loading the page…',
  'layout.notifications': 'Notifications',
  'layout.dismissNotification': 'Dismiss notification',
  'layout.closeDialog': 'Close',
  'layout.errorsHeading': 'Errors:',
  'errorPanel.title': 'Something went wrong:',
  'errorPanel.unexpected': 'An unexpected error occurred. Please try refreshing the page.',
  'errorPanel.reload': 'Reload',
  'feedback.tab': 'Feedback',
} as const;

export type SiteKey = keyof typeof enSite;
export type SiteCatalog = Readonly<Record<SiteKey, string>>;
