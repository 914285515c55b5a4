import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MemberCompany } from '@/features/associations/api/get-member-companies';
import { stubMemberApi } from '@/testing/fake-member-api';
import { statisticsAnswer } from '@/testing/fake-statistics-api';
import { renderAppAt } from '@/testing/render-app';

const company = (overrides: Partial<MemberCompany>): MemberCompany => ({
  companyId: 'c-1',
  companyName: 'Portland Beekeepers',
  status: 'a',
  isAdmin: false,
  dateJoined: '2026-01-05T12:00:00.000Z',
  dateStatusChanged: '2026-01-05T12:00:00.000Z',
  ...overrides,
});

/** The whole app at /member for a member of these associations, the statistics answered by `statistics`. */
function renderProfile(
  companies: MemberCompany[],
  statistics: { status: number; body: unknown } = { status: 200, body: statisticsAnswer() },
  map: { status: number; body: unknown } = { status: 200, body: { companyId: 'c-1', since: '2026-03-02T00:00:00.000Z', until: '2026-03-16T00:00:00.000Z', resolution: 7, cells: [] } },
) {
  const api = stubMemberApi(
    {},
    {
      'GET /api/member/company': () => ({ status: 200, body: companies }),
      'GET /api/member/company/c-1/statistics': () => statistics,
      'GET /api/member/company/c-1/map': () => map,
      'GET /api/member/company/c-2/statistics': () => ({ status: 200, body: statisticsAnswer({ companyId: 'c-2' }) }),
    },
  );
  return { api, ...renderAppAt('/member') };
}

const statisticsSections = () => screen.queryAllByRole('region', { name: /^Association statistics/ });

describe('association statistics in the member profile', { timeout: 20_000 }, () => {
  it('shows a statistics section, after Claimed Swarms, for each association the member is an admin of', async () => {
    const { api } = renderProfile([company({ isAdmin: true }), company({ companyId: 'c-2', companyName: 'Hive Helpers', isAdmin: true }), company({ companyId: 'c-3', companyName: 'Salem Bees' })]);

    const portland = await screen.findByRole('region', { name: 'Association statistics: Portland Beekeepers' });
    expect(await within(portland).findByRole('img', { name: /5 alerted and 3 claimed in all/ })).toBeInTheDocument();
    expect(within(portland).getByRole('table', { name: 'Figures per week, newest first (weeks start on Monday, UTC)' })).toBeInTheDocument();
    expect(statisticsSections().map((section) => section.querySelector('h2')?.textContent)).toEqual([
      'Association statistics: Portland Beekeepers',
      'Association statistics: Hive Helpers',
    ]);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.indexOf('Association statistics: Portland Beekeepers')).toBe(headings.indexOf('Claimed Swarms') + 1);
    // The Associations section and the statistics share one request for the member's associations.
    expect(api.callsTo('GET', '/member/company')).toHaveLength(1);
    expect(api.callsTo('GET', '/member/company/c-3/statistics')).toHaveLength(0);
  });

  it('shows no statistics, and asks for none, to a member who administers no association', async () => {
    const { api } = renderProfile([company({ isAdmin: false })]);

    expect(await screen.findByText('Portland Beekeepers')).toBeInTheDocument();
    expect(statisticsSections()).toEqual([]);
    expect(api.calls.filter((call) => call.path.includes('/statistics'))).toEqual([]);
  });

  it('tells an admin whose membership was set inactive why the statistics are not shown, in words, not the answer', async () => {
    const inactive = 'Your membership of this association is inactive, so its statistics are not shown. Enter an activation code in Associations to make it active again.';
    renderProfile([company({ isAdmin: true, status: 'i' })], { status: 403, body: { message: inactive } });

    const section = await screen.findByRole('region', { name: 'Association statistics: Portland Beekeepers' });
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent(inactive);
    expect(alert).not.toHaveTextContent('{');
    expect(alert).not.toHaveTextContent('message');
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('puts the association map right after its statistics, and shows its 403 in the section without logging out', async () => {
    const message = 'Your membership of this association is inactive, so its map is not shown. Enter an activation code in Associations to make it active again.';
    const { router, api } = renderProfile([company({ isAdmin: true })], undefined, { status: 403, body: { message } });

    const map = await screen.findByRole('region', { name: 'Association map: Portland Beekeepers' });
    expect(await within(map).findByRole('alert')).toHaveTextContent(message);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.indexOf('Association map: Portland Beekeepers')).toBe(headings.indexOf('Association statistics: Portland Beekeepers') + 1);
    expect(api.callsTo('DELETE', '/oauth/logout')).toEqual([]);
    expect(router.state.location.pathname).toBe('/member');
  });

  it('shows a 403 from the statistics in the section and keeps the member logged in', async () => {
    const { router, api } = renderProfile([company({ isAdmin: true })], { status: 403, body: { message: 'Only an admin of this association can see its statistics.' } });

    const section = await screen.findByRole('region', { name: 'Association statistics: Portland Beekeepers' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Only an admin of this association can see its statistics.');
    expect(api.callsTo('DELETE', '/oauth/logout')).toEqual([]);
    expect(router.state.location.pathname).toBe('/member');
    expect(screen.getByRole('region', { name: 'Claimed Swarms' })).toBeInTheDocument();
  });
});
