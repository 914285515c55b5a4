import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAppAt } from '@/testing/render-app';
import { defaultAvailability, stubMemberApi } from '@/testing/fake-member-api';

const prompt = () => screen.queryByRole('region', { name: 'Check your time zone' });

describe('time zone prompt in the member area', { timeout: 20_000 }, () => {
  beforeEach(() => {
    // This visit runs on a phone set to Los Angeles time.
    vi.stubEnv('TZ', 'America/Los_Angeles');
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    localStorage.clear();
  });

  it('says which zone the hours are read in when the phone is in another, and switches with one tap', async () => {
    const api = stubMemberApi({ availability: defaultAvailability({ timeZone: 'America/New_York' }) });
    const { user } = renderAppAt('/member');

    const notice = await waitFor(() => {
      const found = prompt();
      if (!found) throw new Error('no prompt yet');
      return found;
    });
    expect(notice).toHaveTextContent('Your availability hours are read in America/New York time, but this phone is set to America/Los Angeles.');
    expect(screen.getByRole('region', { name: 'Availability' })).toHaveTextContent('Hours are read in America/New York time.');

    await user.click(within(notice).getByRole('button', { name: 'Use America/Los Angeles' }));

    await waitFor(() => expect(prompt()).not.toBeInTheDocument());
    expect(api.callsTo('PUT', '/member/availability').map((call) => call.body)).toEqual([{ timeZone: 'America/Los_Angeles' }]);
    expect(await screen.findByText('Hours are read in America/Los Angeles time.')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Notifications' })).findByText('Your availability has been updated.')).toBeInTheDocument();
  });

  it("sets the phone's zone without asking while the member service still holds its default (UTC)", async () => {
    const api = stubMemberApi({ availability: defaultAvailability({ timeZone: 'UTC' }) });
    renderAppAt('/member');

    await waitFor(() => expect(api.callsTo('PUT', '/member/availability').map((call) => call.body)).toEqual([{ timeZone: 'America/Los_Angeles' }]));
    expect(prompt()).not.toBeInTheDocument();
  });

  it('is not shown when the stored zone is the phone’s', async () => {
    stubMemberApi({ availability: defaultAvailability({ timeZone: 'America/Los_Angeles' }) });
    renderAppAt('/member');

    expect(await screen.findByText('Hours are read in America/Los Angeles time.')).toBeInTheDocument();
    expect(prompt()).not.toBeInTheDocument();
  });

  it('lets the member keep the stored zone, and does not ask again on this phone', async () => {
    const api = stubMemberApi({ availability: defaultAvailability({ timeZone: 'America/Chicago' }) });
    const { user, unmount } = renderAppAt('/member');

    const notice = await waitFor(() => {
      const found = prompt();
      if (!found) throw new Error('no prompt yet');
      return found;
    });
    await user.click(within(notice).getByRole('button', { name: 'Keep America/Chicago' }));

    expect(prompt()).not.toBeInTheDocument();
    expect(api.callsTo('PUT', '/member/availability')).toHaveLength(0);
    unmount();
    renderAppAt('/member');
    expect(await screen.findByText('Hours are read in America/Chicago time.')).toBeInTheDocument();
    expect(prompt()).not.toBeInTheDocument();
  });
});
