export interface TourStep {
  /** A CSS selector for the element the step points at (a data-tour anchor). */
  target: string;
  title: string;
  description: string;
}

const anchor = (name: string) => `[data-tour="${name}"]`;

/** Spec §2: the seven steps of the member dashboard tour (onboarding id 1), in this order. */
export const dashboardTourSteps: readonly TourStep[] = [
  {
    target: anchor('profile'),
    title: 'Welcome to your profile',
    description: 'Here you keep your information, associations and availability up to date, and follow the swarms you are alerted about.',
  },
  {
    target: anchor('associations'),
    title: 'Add associations',
    description: 'Join the beekeeping associations you belong to. Swarm alerts reach you through your associations.',
  },
  {
    target: anchor('activation-code'),
    title: 'Activation code',
    description: 'Enter the 8-character activation code your association gave you.',
  },
  {
    target: anchor('add-association'),
    title: 'Add association button',
    description: 'Then press this button to join the association.',
  },
  {
    target: anchor('availability'),
    title: 'Availability',
    // The spec's seven steps stay seven: How to alert me, just below, is named in this one.
    description:
      'Choose how far from home, how high up and at which hours you want swarm alerts, or turn on Do Not Disturb to pause them. Just below, How to alert me chooses a text message, a notification on this device or an email.',
  },
  {
    target: anchor('active-swarms'),
    title: 'Active swarms',
    description: 'Swarms you were alerted about that nobody has claimed yet. Claim one here or by replying to the text with its claim code.',
  },
  {
    target: anchor('claimed-swarms'),
    title: 'Claimed swarms',
    description: 'Swarms you claimed. For 72 hours you can un-claim one or mark it as bad.',
  },
];
