import { Card } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Prose } from '@/components/ui/prose';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { env } from '@/config/env';
import { isLoginProviderAvailable, usePublicConfig } from '@/lib/public-config';

/** Spec §2: association sign-up starts with an admin sign-in on the gateway, outside the single-page app. */
export const adminSignUpUrl = `${env.apiBaseUrl.replace(/\/+$/, '')}/oauth/google/admin`;

/** Spec §1 and §9: what associations pay. */
export const ALERT_PRICE = '$0.07';
export const MINIMUM_TOP_UP = '$10';

/** Why the gateway sent a sign-up back here (`/learn-more?signup=…`); unknown codes show nothing. */
export const signUpMessages: Record<string, string> = {
  unavailable: 'You are signed in, but association sign-up is not open on this site yet. Please tell us through the Feedback tab and we will set your association up.',
  'provider-not-configured': 'Association sign-up is not available on this site right now. Please tell us through the Feedback tab and we will set your association up.',
  'provider-unreachable': 'Google could not be reached just now, so sign-up could not start. Please try again later.',
};

/** Said beside the disabled Sign Up Today button when the gateway has no Google credentials. */
export const SIGN_UP_UNAVAILABLE = 'Sign-up with a Google account is not available on this site right now. Please tell us through the Feedback tab and we will set your association up.';

export function LearnMorePage() {
  const [searchParams] = useSearchParams();
  const returned = signUpMessages[searchParams.get('signup') ?? ''];
  const config = usePublicConfig();
  const signUpOffered = config.isError || isLoginProviderAvailable(config.data, 'google');
  return (
    <Page title="Swarm Alert for beekeeping associations">
      {returned && <Returned role="alert">{returned}</Returned>}
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
        <Button
          type="button"
          $fullWidth
          disabled={!signUpOffered}
          aria-describedby={signUpOffered ? undefined : 'sign-up-unavailable'}
          onClick={() => window.location.assign(adminSignUpUrl)}
        >
          Sign Up Today
        </Button>
        {config.isSuccess && !signUpOffered && <p id="sign-up-unavailable">{SIGN_UP_UNAVAILABLE}</p>}
      </Card>
    </Page>
  );
}

const Returned = styled.p`
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.warningBorder};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.warningBackground};
  color: ${({ theme }) => theme.colors.warningText};
`;

