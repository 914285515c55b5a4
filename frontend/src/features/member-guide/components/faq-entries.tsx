import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export interface FaqEntry {
  /** The value of the `section` parameter that opens this entry. */
  id: string;
  question: string;
  answer: (context: { alertSender: ReactNode }) => ReactNode;
}

/** Everything the FAQ page says, in one language: the same entries, by the same ids, in every language. */
export interface FaqContent {
  title: string;
  intro: string;
  alertSenderIs: (number: ReactNode) => ReactNode;
  alertSenderLoading: string;
  alertSenderUnlisted: string;
  entries: FaqEntry[];
}

export const faqHref = (sectionId: string) => `${paths.faq.getHref()}?section=${encodeURIComponent(sectionId)}`;

export const faqEntries: FaqEntry[] = [
  {
    id: 'alert-number',
    question: 'What number do alerts come from?',
    answer: ({ alertSender }) => (
      <>
        <p>{alertSender}</p>
        <p>Save it in your contacts as Swarm Alert so alerts are easy to spot and are not filtered as spam.</p>
      </>
    ),
  },
  {
    id: 'no-alerts',
    question: "Why haven't I received any alerts?",
    answer: () => (
      <ul>
        <li>Check that your profile has your phone number and address, and that Do Not Disturb is off.</li>
        <li>Check that you joined an association and that it is not marked (Inactive).</li>
        <li>Swarms outside your range, above your height limit or outside your hours are not sent to you.</li>
        <li>If you replied STOP to an alert, reply START to receive alerts again.</li>
      </ul>
    ),
  },
  {
    id: 'claiming',
    question: 'How do I claim a swarm?',
    answer: () => (
      <>
        <p>
          Each alert contains a 5-digit claim code. Reply to the text with just that code, or press Claim next to the
          swarm under Active Swarms in your profile. The first member to claim gets the location and the reporter's
          contact details by text; anyone claiming later is told it is already taken.
        </p>
        <p>A claim code only works from the phone the alert was sent to, and only while the swarm is still unclaimed.</p>
      </>
    ),
  },
  {
    id: 'unclaim',
    question: "I claimed a swarm but can't collect it. What now?",
    answer: () => (
      <p>
        Within 72 hours of claiming, press un-claim next to it under Claimed Swarms. It becomes available again and other
        members are alerted. If the swarm is not honeybees, moved into a structure, moved on or was collected by someone
        else, use Mark as Bad instead and choose the reason.
      </p>
    ),
  },
  {
    id: 'alert-timing',
    question: 'Why did an alert reach me later than other members?',
    answer: () => (
      <p>
        To share swarms fairly, members who claimed swarms recently are alerted a little later: 10 minutes later for each
        recent claim up to five, and an hour later after six or more. Alerts outside your available hours wait until
        your hours start.
      </p>
    ),
  },
  {
    id: 'availability',
    question: 'How do I choose when and where I get alerts?',
    answer: () => (
      <p>
        In your profile under Availability, set the highest swarm you will collect (1 to 50 feet), how far from home you
        will travel (1 to 25 miles) and your hours for each day. Turn on Do Not Disturb to pause all alerts.
      </p>
    ),
  },
  {
    id: 'stop-texts',
    question: 'How do I stop the text messages?',
    answer: () => (
      <p>
        Turn on Do Not Disturb in your profile, or reply STOP to any alert. Reply START to receive alerts again, or HELP
        for help.
      </p>
    ),
  },
  {
    id: 'cost',
    question: 'Does it cost me anything?',
    answer: () => (
      <p>
        No. Your association pays $0.07 for each alert sent to each member, from a prepaid balance. Your carrier's usual
        text message rates apply.
      </p>
    ),
  },
  {
    id: 'activation-code',
    question: 'Where do I get an activation code?',
    answer: () => (
      <p>
        From your beekeeping association. The code has 8 letters and numbers. Enter it under Associations in your profile.
        The <Link to={paths.gettingStarted.getHref()}>getting started guide</Link> walks through every step.
      </p>
    ),
  },
  {
    id: 'inactive',
    question: 'Why does my association show as Inactive?',
    answer: () => (
      <p>
        Your association has deactivated your membership, so you no longer receive its alerts. Ask the association for a
        new activation code and enter it in the window that opens in your profile.
      </p>
    ),
  },
];

export const faqContentEnglish: FaqContent = {
  title: 'Frequently asked questions',
  intro: 'Answers to the questions members ask most. Tap a question to open its answer.',
  alertSenderIs: (number) => <>Swarm alerts are texted from {number}.</>,
  alertSenderLoading: 'Looking up the number alerts are texted from…',
  alertSenderUnlisted: 'The number alerts are texted from is not listed on this site: it is shown in your first alert.',
  entries: faqEntries,
};
