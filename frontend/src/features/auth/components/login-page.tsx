import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { MemberRequestsOverlay } from '@/components/ui/member-requests-overlay';
import { useNotify } from '@/lib/notify';
import { useRequestLoginLink } from '../api/request-login-link';
import { useBotCheck } from '@/lib/use-bot-check';
import { googleLoginHref } from '../lib/google-login';
import { isLoginProviderAvailable, usePublicConfig } from '@/lib/public-config';

/** Spec §7: the action name the bot check scores the login under. */
export const LOGIN_BOT_CHECK_ACTION = 'login_member';

export const loginMessages = {
  emptyEmail: 'Please enter an email',
  linkSentTitle: 'Success',
  linkSent: 'Success! Check for your email for a link to login.',
  linkFailed: 'Something went wrong sending a link. Please refresh the page and try again.',
} as const;

/** Why the gateway sent the visitor back here (`/login?error=…` after a failed login); unknown codes show nothing. */
export const loginErrorMessages: Record<string, string> = {
  'invalid-link': 'This login link is invalid, already used or expired. Enter your email to get a new one.',
  'login-failed': 'Logging in did not work. Please try again.',
  'email-not-verified': 'The email address of that account is not verified, so it cannot be used to log in. Log in with an emailed link instead.',
  'provider-not-configured': 'Login with Google is not available on this site. Log in with an emailed link instead.',
  'provider-unreachable': 'Google could not be reached just now. Please try again later, or log in with an emailed link.',
};

/** Said in place of the Google button when the gateway has no Google credentials. */
export const GOOGLE_UNAVAILABLE = 'Login with Google is not available on this site. Enter your email address to get a login link.';

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const returnedError = loginErrorMessages[searchParams.get('error') ?? ''];
  const emailId = useId();
  const noteId = useId();
  const [email, setEmail] = useState('');
  const notify = useNotify();
  const botCheck = useBotCheck(LOGIN_BOT_CHECK_ACTION);
  const requestLink = useRequestLoginLink();
  const config = usePublicConfig();
  // The button shows only once the gateway said Google is configured, so it never leads to an error; a failed
  // configuration call still offers it (the gateway then explains on /login itself).
  const googleOffered = config.isError || isLoginProviderAvailable(config.data, 'google');

  // A form, so Enter in the email field sends the link as the button does (spec §2).
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const destination = email.trim();
    if (destination === '') {
      notify.warning(loginMessages.emptyEmail);
      return;
    }
    try {
      const recaptchaToken = await botCheck();
      await requestLink.mutateAsync({ destination, recaptchaToken });
      notify.success(loginMessages.linkSentTitle, loginMessages.linkSent);
    } catch (error) {
      notify.error(loginMessages.linkFailed, error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <Page title="Member login">
      <MemberRequestsOverlay />
      {returnedError && <ReturnedError role="alert">{returnedError}</ReturnedError>}
      {googleOffered ? (
        <>
          <GoogleLink href={googleLoginHref()}>
            <GoogleMark />
            Login With Google
          </GoogleLink>
          <Divider>or</Divider>
        </>
      ) : (
        config.isSuccess && <Unavailable>{GOOGLE_UNAVAILABLE}</Unavailable>
      )}
      <Form onSubmit={onSubmit} noValidate>
        <label htmlFor={emailId}>Email</label>
        <EmailInput
          id={emailId}
          type="email"
          inputMode="email"
          autoComplete="email"
          aria-describedby={noteId}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Note id={noteId}>We will email you a link to log in.</Note>
        <Button type="submit" $fullWidth disabled={requestLink.isPending}>
          Login With Email
        </Button>
      </Form>
    </Page>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.7 17.7 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.6 5.9c4.4-4.1 7-10.1 7-17.6z" />
      <path fill="#FBBC05" d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.8-6C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.6-5.9c-2.1 1.4-4.9 2.3-8.3 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.8 6C6.6 42.6 14.6 48 24 48z" />
    </svg>
  );
}

const GoogleLink = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  min-height: 48px;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.large};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.secondaryHover};
  }
`;

const ReturnedError = styled.p`
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.warningBorder};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.warningBackground};
  color: ${({ theme }) => theme.colors.warningText};
`;

const Unavailable = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
`;

const Divider = styled.p`
  text-align: center;
  color: ${({ theme }) => theme.colors.mutedText};
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};

  label {
    font-weight: 600;
  }
`;

const EmailInput = styled.input`
  width: 100%;
  min-height: 44px;
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.mutedText};
  border-radius: ${({ theme }) => theme.radii.small};
  font: inherit;
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.fontSizes.small};
`;
