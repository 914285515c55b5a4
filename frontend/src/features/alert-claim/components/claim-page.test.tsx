import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi, type FakeHandler } from '@/testing/fake-api';
import { renderAppAt } from '@/testing/render-app';

const TOKEN = 'tok.en-1';
const CLAIMED_MESSAGE = 'Swarm 01234 is at 12 Oak Street, Springfield, IL. Call the reporter, Sam, at 555-123-4567.';

const claimAlert = (overrides: Record<string, unknown> = {}) => ({
  reportId: 'r-1',
  claimCode: '01234',
  size: 'Basketball',
  elevationFeet: 6,
  distanceMiles: 2.345,
  town: 'Springfield',
  thumbnailUrl: `/api/alerts/claim/${TOKEN}/thumbnail`,
  alertedAt: new Date(2026, 5, 1, 14, 5).toISOString(),
  state: 'open',
  test: false,
  ...overrides,
});

function openClaimPage(handlers: Record<string, FakeHandler> = {}) {
  const api = stubApi({ [`GET /alerts/claim/${TOKEN}`]: () => jsonResponse(claimAlert()), ...handlers });
  const rendered = renderAppAt(`/claim/${TOKEN}`);
  const claims = () => api.requests.filter((request) => request.method !== 'GET');
  return { ...api, ...rendered, claims };
}

const claimButton = () => screen.findByRole('button', { name: 'Claim this swarm' });

describe('the claim page', { timeout: 20_000 }, () => {
  it("shows the swarm's facts under the header, and never claims by being opened", async () => {
    const { claims, requests } = openClaimPage();

    expect(await claimButton()).toBeEnabled();
    const facts = screen.getByRole('region', { name: 'Swarm 01234' });
    const rows = within(facts)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      'Size: Basketball',
      'Height: 6 ft above the ground',
      'Distance: 2.3 mi from your home',
      'Town: Springfield',
      'Claim code: 01234',
      'Alerted: 2026-06-01 2:05 PM',
    ]);
    expect(within(facts).getByRole('img', { name: 'The swarm, as the reporter photographed it' })).toHaveAttribute('src', `/api/alerts/claim/${TOKEN}/thumbnail`);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'A swarm near you' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('A swarm near you | Swarm Alert'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(claims()).toEqual([]);
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET /alerts/claim/${TOKEN}`]);
  });

  it('claims with the button, once, and shows the location and the reporter’s phone', async () => {
    const { claims, user } = openClaimPage({
      'POST /alerts/claim': () => jsonResponse({ outcome: 'claimed', message: CLAIMED_MESSAGE, claimCode: '01234' }),
    });

    await user.dblClick(await claimButton());

    const answer = await screen.findByRole('heading', { level: 2, name: 'Swarm 01234 is yours' });
    expect(screen.getByText(CLAIMED_MESSAGE)).toBeInTheDocument();
    expect(claims()).toHaveLength(1);
    expect(JSON.parse(String(claims()[0]!.body))).toEqual({ token: TOKEN });
    expect(claims()[0]!.path).toBe('/alerts/claim');
    await waitFor(() => expect(document.activeElement).toBe(answer));
    expect(screen.queryByRole('button', { name: 'Claim this swarm' })).not.toBeInTheDocument();
  });

  it('says once that the swarm is yours, with the address opening a map and the reporter’s phone dialling', async () => {
    const location = { address: '12 Oak Street, Springfield, IL', reporterName: 'Sam Reed', reporterPhone: '2175551234', mapUrl: 'https://maps.google.com/?q=39.78170,-89.65010' };
    const { user } = openClaimPage({
      'POST /alerts/claim': () =>
        jsonResponse({ outcome: 'claimed', message: 'Address: 12 Oak Street, Springfield, IL. Reporter: Sam Reed 217-555-1234', claimCode: '01234', location }),
    });

    await user.click(await claimButton());

    const answer = (await screen.findByRole('heading', { level: 2, name: 'Swarm 01234 is yours' })).parentElement!;
    expect(document.body.textContent?.match(/is yours/g)).toHaveLength(1);
    const map = within(answer).getByRole('link', { name: '12 Oak Street, Springfield, IL (Open in maps)' });
    expect(map).toHaveAttribute('href', location.mapUrl);
    expect(map).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(answer).getByRole('link', { name: 'Call Sam Reed: 217-555-1234' })).toHaveAttribute('href', 'tel:+12175551234');
    expect(within(answer).getByText('Sam Reed')).toBeInTheDocument();
    expect(within(answer).getByText(/the ways you chose under How to alert me/)).toBeInTheDocument();
  });

  it('shows the swarm’s place and the reporter’s phone, tappable, when the page is opened again by its claimer', async () => {
    const location = { address: '12 Oak Street, Springfield, IL', reporterName: 'Sam Reed', reporterPhone: '2175551234', mapUrl: 'https://maps.google.com/?q=39.78170,-89.65010' };
    openClaimPage({ [`GET /alerts/claim/${TOKEN}`]: () => jsonResponse(claimAlert({ state: 'yours', location })) });

    const notice = (await screen.findByRole('heading', { level: 2, name: 'Swarm 01234 is yours' })).parentElement!;
    expect(within(notice).getByRole('link', { name: /Open in maps/ })).toHaveAttribute('href', location.mapUrl);
    expect(within(notice).getByRole('link', { name: 'Call Sam Reed: 217-555-1234' })).toHaveAttribute('href', 'tel:+12175551234');
    expect(screen.queryByRole('button', { name: 'Claim this swarm' })).not.toBeInTheDocument();
  });

  it('never makes a map link of an address that is not https', async () => {
    const location = { address: '12 Oak Street', reporterName: 'Sam', reporterPhone: '2175551234', mapUrl: 'javascript:alert(1)' };
    const { user } = openClaimPage({ 'POST /alerts/claim': () => jsonResponse({ outcome: 'claimed', message: 'Address: 12 Oak Street.', claimCode: '01234', location }) });
    await user.click(await claimButton());
    await screen.findByRole('heading', { level: 2, name: 'Swarm 01234 is yours' });
    expect(screen.getByText('12 Oak Street')).not.toHaveAttribute('href');
    expect(screen.queryByRole('link', { name: /Open in maps/ })).not.toBeInTheDocument();
  });

  it('says when another beekeeper was first', async () => {
    const { user } = openClaimPage({
      'POST /alerts/claim': () => jsonResponse({ outcome: 'taken', message: 'Another beekeeper claimed it first.', claimCode: '01234' }),
    });

    await user.click(await claimButton());

    expect(await screen.findByRole('heading', { level: 2, name: 'Another beekeeper claimed it first.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim this swarm' })).not.toBeInTheDocument();
  });

  it('shows the refusal of a claim whose swarm is gone, without the button', async () => {
    const { user } = openClaimPage({
      'POST /alerts/claim': () => jsonResponse({ message: 'This swarm can no longer be claimed.' }, 410),
    });

    await user.click(await claimButton());

    expect(await screen.findByRole('heading', { level: 2, name: 'This swarm can no longer be claimed.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim this swarm' })).not.toBeInTheDocument();
  });

  it('keeps the button after a claim that did not get through', async () => {
    const { user } = openClaimPage({
      'POST /alerts/claim': () => {
        throw new TypeError('Failed to fetch');
      },
    });

    await user.click(await claimButton());

    expect(await screen.findByText('Could not claim: no connection. Try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Claim this swarm' })).toBeEnabled();
  });

  it.each([
    ['yours', 'Swarm 01234 is yours'],
    ['taken', 'Another beekeeper claimed it first.'],
    ['over', 'This swarm can no longer be claimed.'],
  ])('shows a swarm that is %s without the button', async (state, heading) => {
    openClaimPage({ [`GET /alerts/claim/${TOKEN}`]: () => jsonResponse(claimAlert({ state })) });

    expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Swarm 01234' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim this swarm' })).not.toBeInTheDocument();
  });

  it('says a test alert is a test, and claiming it claims nothing', async () => {
    const { user } = openClaimPage({
      [`GET /alerts/claim/${TOKEN}`]: () => jsonResponse(claimAlert({ test: true, thumbnailUrl: '' })),
      'POST /alerts/claim': () => jsonResponse({ outcome: 'test', message: 'This was a test alert: nothing was claimed. Real alerts are claimed the same way.', claimCode: '' }),
    });

    expect(await screen.findByRole('note', { name: 'Test alert' })).toHaveTextContent('This is a test alert: there is no swarm to collect.');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await user.click(await claimButton());

    expect(await screen.findByRole('heading', { level: 2, name: 'Nothing was claimed' })).toBeInTheDocument();
    expect(screen.getByText('This was a test alert: nothing was claimed. Real alerts are claimed the same way.')).toBeInTheDocument();
  });

  it.each([
    [404, 'This claim link is not valid.'],
    [410, 'This swarm can no longer be claimed.'],
  ])('explains a %i in words, never as the raw answer', async (status, message) => {
    const { claims } = openClaimPage({ [`GET /alerts/claim/${TOKEN}`]: () => jsonResponse({ message }, status) });

    expect(await screen.findByRole('heading', { level: 2, name: message })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your member area' })).toHaveAttribute('href', '/member');
    expect(document.body.textContent).not.toContain('{"message"');
    expect(screen.queryByRole('button', { name: 'Claim this swarm' })).not.toBeInTheDocument();
    expect(claims()).toEqual([]);
  });

  it('offers another try when the alert could not be loaded', async () => {
    let failures = 1;
    const { user } = openClaimPage({
      [`GET /alerts/claim/${TOKEN}`]: () => (failures-- > 0 ? new Response('<html>Bad gateway</html>', { status: 502 }) : jsonResponse(claimAlert())),
    });

    expect(await screen.findByRole('heading', { level: 2, name: 'We could not load this swarm alert.' }, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await claimButton()).toBeEnabled();
  });
});
