import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devConfig } from '@/testing/fake-api';
import { stubMemberApi } from '@/testing/fake-member-api';
import { renderAppAt } from '@/testing/render-app';
import { GOOGLE_UNAVAILABLE } from './login-page';


const emailField = () => screen.getByRole('textbox', { name: 'Email' });

describe('login page', { timeout: 20_000 }, () => {
  it('offers Google login as a full-page navigation to the member OAuth path', async () => {
    stubMemberApi();
    renderAppAt('/login');

    expect(await screen.findByRole('link', { name: 'Login With Google' })).toHaveAttribute('href', '/api/oauth/google/member');
  });

  it('hides Google login with a plain sentence when the gateway has no Google credentials', async () => {
    stubMemberApi({}, { 'GET /api/config': () => ({ status: 200, body: { ...devConfig, alertSenderNumber: null } }) });
    renderAppAt('/login');

    expect(await screen.findByText(GOOGLE_UNAVAILABLE)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login With Google' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login With Email' })).toBeEnabled();
  });

  it.each([
    ['provider-not-configured', 'Login with Google is not available on this site. Log in with an emailed link instead.'],
    ['provider-unreachable', 'Google could not be reached just now. Please try again later, or log in with an emailed link.'],
  ])('explains a Google login the gateway could not start (?error=%s)', (code, message) => {
    stubMemberApi();
    renderAppAt(`/login?error=${code}&provider=google`);

    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it('says that a login link will be emailed', () => {
    stubMemberApi();
    renderAppAt('/login');

    expect(emailField()).toHaveAccessibleDescription('We will email you a link to log in.');
  });

  it('explains why the visitor was sent back from an invalid login link', () => {
    stubMemberApi();
    renderAppAt('/login?error=invalid-link');

    expect(screen.getByText(/This login link is invalid, already used or expired./)).toHaveAttribute('role', 'alert');
  });

  it('warns and sends nothing when the email is empty', async () => {
    const api = stubMemberApi();
    const { user } = renderAppAt('/login');

    await user.click(screen.getByRole('button', { name: 'Login With Email' }));

    expect(await screen.findByText('Please enter an email')).toBeInTheDocument();
    expect(api.callsTo('POST', '/oauth/magic-login/member')).toHaveLength(0);
  });

  it('sends the link when Enter is pressed in the email field, with the dev bot-check token when no site key is configured', async () => {
    const api = stubMemberApi();
    const { user } = renderAppAt('/login');

    await user.type(emailField(), '  ada@example.org{Enter}');

    expect(await screen.findByText('Success! Check for your email for a link to login.')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(api.callsTo('POST', '/oauth/magic-login/member').map((call) => call.body)).toEqual([
      { destination: 'ada@example.org', recaptchaToken: 'dev' },
    ]);
  });

  it('shows the failure message with the server message as description when sending fails', async () => {
    stubMemberApi({}, { 'POST /api/oauth/magic-login/member': () => ({ status: 429, body: { message: 'Too many login links requested.' } }) });
    const { user } = renderAppAt('/login');

    await user.type(emailField(), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Login With Email' }));

    expect(await screen.findByText('Something went wrong sending a link. Please refresh the page and try again.')).toBeInTheDocument();
    expect(screen.getByText('Too many login links requested.')).toBeInTheDocument();
  });

  it('shows the Loading overlay while the link is being sent', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    stubMemberApi({}, { 'POST /api/oauth/magic-login/member': () => new Promise((resolve) => (answer = resolve)) });
    const { user } = renderAppAt('/login');

    await user.type(emailField(), 'ada@example.org{Enter}');

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answer({ status: 200, body: {} });
    await waitFor(() => expect(screen.queryByText('Loading...')).not.toBeInTheDocument());
  });
});
