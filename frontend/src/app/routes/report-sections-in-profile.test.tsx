import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt } from '@/testing/render-app';
import { stubMemberApi } from '@/testing/fake-member-api';
import { dashboardTourSteps } from '@/features/member/lib/dashboard-tour-steps';
import { memberReportKeys } from '@/lib/query-keys/report-keys';
import { activeReport, claimedReport, FakeReportGateway } from '@/testing/fake-report-api';

/** The whole app at /member: the member fake answers the profile calls, the report fake the report calls. */
function renderProfile(gateway: FakeReportGateway, memberOverrides: Parameters<typeof stubMemberApi>[1] = {}) {
  const member = stubMemberApi({}, memberOverrides);
  gateway.install({ inFrontOfCurrentFetch: true });
  return { member, ...renderAppAt('/member') };
}

describe('report sections in the member profile', { timeout: 20_000 }, () => {
  it('fills the Active and Claimed Swarms sections, the targets of tour steps 6 and 7', async () => {
    const gateway = new FakeReportGateway([activeReport()], [claimedReport()]);
    renderProfile(gateway);

    const active = screen.getByRole('region', { name: 'Active Swarms' });
    const claimed = screen.getByRole('region', { name: 'Claimed Swarms' });
    expect(await within(active).findByRole('table', { name: 'Active swarms' })).toBeInTheDocument();
    expect(await within(claimed).findByRole('table', { name: 'Claimed swarms' })).toBeInTheDocument();
    expect(active).toHaveAttribute('id', 'active-swarms');
    expect(claimed).toHaveAttribute('id', 'claimed-swarms');
    expect(document.querySelector(dashboardTourSteps[5]!.target)).toBe(active);
    expect(document.querySelector(dashboardTourSteps[6]!.target)).toBe(claimed);
  });

  it('goes to /login and forgets the reports when a report list answers 401', async () => {
    const gateway = new FakeReportGateway([activeReport()]);
    gateway.failNext.set('GET /api/member/report/claimed', { status: 401, body: { message: 'Not logged in.' } });
    const { router, queryClient } = renderProfile(gateway);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(queryClient.getQueryCache().findAll({ queryKey: memberReportKeys.all })).toEqual([]));
  });

  it('goes to /login when a claim answers 403', async () => {
    const gateway = new FakeReportGateway([activeReport()]);
    gateway.failNext.set('GET /api/member/report/r-1/claim', { status: 403, body: { message: 'Forbidden.' } });
    const { router, user } = renderProfile(gateway);

    await user.click(await screen.findByRole('button', { name: 'Claim swarm 01234' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('goes to /login when marking bad answers 401', async () => {
    const gateway = new FakeReportGateway([], [claimedReport()]);
    gateway.failNext.set('PUT /api/member/report/bad', { status: 401, body: { message: 'Not logged in.' } });
    const { router, user } = renderProfile(gateway);

    await user.click(await screen.findByRole('button', { name: 'Mark as bad swarm 98765' }));
    await user.click(screen.getByRole('radio', { name: 'Not honey bees' }));
    await user.click(screen.getByRole('button', { name: 'Mark as bad' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('reloads the report lists after joining an association', async () => {
    const gateway = new FakeReportGateway();
    const { user } = renderProfile(gateway, {
      'GET /api/member/company': () => ({ status: 200, body: [] }),
      'POST /api/member/company': () => {
        // Joining brings the association's live alerts into the member's lists.
        gateway.active = [activeReport()];
        return { status: 200, body: { message: 'Successfully joined association.' } };
      },
    });
    const active = screen.getByRole('region', { name: 'Active Swarms' });
    expect(await within(active).findByText('No active swarms found.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Activation code'), 'ABCD2345{Enter}');

    expect(await within(active).findByRole('table', { name: 'Active swarms' })).toBeInTheDocument();
    expect(gateway.callsTo('GET', '/member/report/claimed')).toHaveLength(2);
  });
});
