import { Card } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Prose } from '@/components/ui/prose';
import { env } from '@/config/env';

/** Spec §2: association sign-up starts with an admin sign-in on the gateway, outside the single-page app. */
export const adminSignUpUrl = `${env.apiBaseUrl.replace(/\/+$/, '')}/oauth/google/admin`;

/** Spec §1 and §9: what associations pay. */
export const ALERT_PRICE = '$0.07';
export const MINIMUM_TOP_UP = '$10';

export function LearnMorePage() {
  return (
    <Page title="Swarm Alert for beekeeping associations">
      <Prose>
        <p>
          Every spring, people find swarms in their gardens and don't know who to call. Swarm Alert gives them one place
          to report a swarm and sends it straight to your members' phones.
        </p>

        <h2>Benefits</h2>
        <ul>
          <li>More swarms collected by your members instead of being sprayed or left to move into a wall.</li>
          <li>No more phone trees or swarm lists to keep up to date: alerts go to available members near the swarm.</li>
          <li>Members choose how far they travel, how high they climb and when they can be reached.</li>
          <li>The first member to claim a swarm gets the reporter's details; everyone else knows it is taken.</li>
          <li>Reporters see your association's name after reporting, with a link to support you if you wish.</li>
        </ul>

        <h2>How it works</h2>
        <ol>
          <li>Your association signs up and receives an activation code for its members.</li>
          <li>Members log in with Google or an emailed link, enter the code and set their availability.</li>
          <li>When someone reports a swarm, available members whose area covers it get a text with a 5-digit claim code.</li>
          <li>The first member to reply with the code claims the swarm and receives its location and the reporter's contact.</li>
        </ol>

        <h2>Cost and payments</h2>
        <ul>
          <li>
            <strong>{ALERT_PRICE} per alert per member.</strong> A swarm that alerts five of your members costs $0.35.
          </li>
          <li>Prepay by adding any amount above {MINIMUM_TOP_UP} to your balance.</li>
          <li>Funds never expire, and we let you know when your balance runs low.</li>
          <li>No subscription and no set-up fee.</li>
        </ul>
      </Prose>
      <Card>
        <h2 id="sign-up-title">Ready to join?</h2>
        <p>Sign in with your association's Google account to set it up.</p>
        <Button type="button" $fullWidth onClick={() => window.location.assign(adminSignUpUrl)}>
          Sign Up Today
        </Button>
      </Card>
    </Page>
  );
}

