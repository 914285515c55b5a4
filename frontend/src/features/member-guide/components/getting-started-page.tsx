import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { Prose } from '@/components/ui/prose';
import { ExternalTextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { faqHref } from './faq-entries';

/** Spec §2: the member guide, one section per step of a member's first visit. */
export function GettingStartedPage() {
  return (
    <Page title="Getting started">
      <Prose>
        <p>This guide walks you through setting up your member profile so you start receiving swarm alerts.</p>

        <nav aria-label="Guide sections">
          <ul>
            {guideSections.map(({ id, title }) => (
              <li key={id}>
                <ExternalTextLink href={`#${id}`}>{title}</ExternalTextLink>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="login">
          <h2 id="login">Log in</h2>
          <p>
            Go to the <Link to={paths.login.getHref()}>member login</Link> page. Choose Login with Google, or type your
            email address and press Login With Email: we email you a link that logs you in. The link works once and
            expires after 15 minutes.
          </p>
        </section>

        <section aria-labelledby="required-information">
          <h2 id="required-information">Required information</h2>
          <p>
            The first time you log in we ask for your full name (first and last), a mobile phone number (10 digits) and
            your home address picked from the list. We need your phone to text you alerts and your address to know which
            swarms are near you. Adding a phone number means you agree to receive text messages about swarm alerts.
          </p>
        </section>

        <section aria-labelledby="onboarding">
          <h2 id="onboarding">Onboarding tour</h2>
          <p>
            Once your information is complete, a short tour points out each part of your profile. Step through it with
            Next and press Finish at the end; it won't show again.
          </p>
        </section>

        <section aria-labelledby="add-association">
          <h2 id="add-association">Add your association</h2>
          <p>
            Your association gives you an 8-character activation code (letters and numbers). Enter it under Associations
            and press the add button. You only receive alerts through associations you have joined. To leave an
            association, press its trash button.
          </p>
        </section>

        <section aria-labelledby="availability">
          <h2 id="availability">Set your availability</h2>
          <p>Under Availability choose when and which swarms you want to hear about:</p>
          <ul>
            <li>Swarm Elevation: the highest swarm you are willing to collect, 1 to 50 feet (10 feet to start with).</li>
            <li>Report Address Range: how far from home, 1 to 25 miles (5 miles to start with).</li>
            <li>From and To hours for each day of the week (weekdays 5pm to 10pm and weekends 9am to 10pm to start with).</li>
            <li>Do Not Disturb: turn it on to stop all alerts, for example while on holiday.</li>
          </ul>
          <p>Changes are saved automatically a moment after you stop typing.</p>
        </section>

        <section aria-labelledby="reports">
          <h2 id="reports">Active and claimed reports</h2>
          <p>
            Active Swarms lists the swarms you were alerted about that nobody has claimed yet, with their size, height and
            distance. Claim one by replying to the alert text with its 5-digit claim code, or with the Claim button. The
            first member to claim gets the swarm's location and the reporter's contact details by text.
          </p>
          <p>
            Claimed Swarms lists the swarms you claimed. For 72 hours after claiming you can un-claim a swarm you can't
            collect, so other members can, or mark it as bad if it is not honeybees, moved into a structure, moved on or
            was collected by someone else. See the <Link to={faqHref('claiming')}>FAQ on claiming</Link>.
          </p>
        </section>

        <section aria-labelledby="inactive-association">
          <h2 id="inactive-association">Inactive association</h2>
          <p>
            If your association deactivates your membership, it shows in red with "(Inactive)" and you stop receiving its
            alerts. A window opens asking for an activation code: get a new one from your association and enter it to
            reactivate.
          </p>
        </section>
      </Prose>
    </Page>
  );
}

const guideSections = [
  { id: 'login', title: 'Log in' },
  { id: 'required-information', title: 'Required information' },
  { id: 'onboarding', title: 'Onboarding tour' },
  { id: 'add-association', title: 'Add your association' },
  { id: 'availability', title: 'Set your availability' },
  { id: 'reports', title: 'Active and claimed reports' },
  { id: 'inactive-association', title: 'Inactive association' },
];
