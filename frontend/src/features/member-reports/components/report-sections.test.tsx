import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClaimedReport } from '@swarm/api-contract/member-reports';
import { TestAppProvider } from '@/testing/test-app-provider';
import { createQueryClient } from '@/lib/query-client';
import { memberReportKeys } from '@/lib/query-keys/report-keys';
import { activeReport, claimedReport, FakeReportGateway } from '@/testing/fake-report-api';
import { ActiveSwarmsSection } from './active-swarms-section';
import { ClaimedSwarmsSection } from './claimed-swarms-section';
import { REASON_REQUIRED } from './mark-bad-dialog';
import { REPORT_TABLE_MAX_HEIGHT } from './report-table';

function renderSections() {
  const queryClient = createQueryClient({ queries: { retry: false }, mutations: { retry: false } });
  const user = userEvent.setup();
  render(
    <TestAppProvider queryClient={queryClient}>
      <ActiveSwarmsSection />
      <ClaimedSwarmsSection />
    </TestAppProvider>,
  );
  return { queryClient, user };
}

const activeSection = () => screen.getByRole('region', { name: 'Active Swarms' });
const claimedSection = () => screen.getByRole('region', { name: 'Claimed Swarms' });
const activeTable = () => within(activeSection()).findByRole('table', { name: 'Active swarms' });
const claimedTable = () => within(claimedSection()).findByRole('table', { name: 'Claimed swarms' });
const cellTexts = (row: HTMLElement) => [...row.querySelectorAll('td, th')].map((cell) => cell.textContent);
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const notifications = () => screen.getByRole('region', { name: 'Notifications' });

describe('Active Swarms', { timeout: 20_000 }, () => {
  let gateway: FakeReportGateway;
  beforeEach(() => {
    gateway = new FakeReportGateway();
    gateway.install();
  });

  it('lists the reports with the spec columns, the date as YYYY-MM-DD h:mm A and the distance with 2 decimals', async () => {
    gateway.active = [
      activeReport(),
      activeReport({ reportId: 'r-2', claimCode: '00042', dateCreated: '2026-06-02T00:30:00.000Z', imageUrl: null, thumbnailUrl: null, note: '', size: '', elevation: 0, distanceFromHome: 10 }),
    ];
    renderSections();

    const table = await activeTable();
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Date',
      'Image',
      'Claim Code',
      'Note',
      'Size',
      'Elevation',
      'Distance',
      'Claim',
    ]);
    const [first, second] = bodyRows(table);
    expect(cellTexts(first!)).toEqual(['2026-06-01 2:05 PM', '', '01234', 'On the low branch of the oak', 'Basketball', '6 ft', '2.35 mi', 'Claim']);
    // Empty fields stay empty; leading zeros of the claim code stay.
    expect(cellTexts(second!)).toEqual(['2026-06-02 12:30 AM', '', '00042', '', '', '0 ft', '10.00 mi', 'Claim']);
    expect(first!.querySelector('img')).toHaveAttribute('src', '/api/member/report/r-1/image?variant=thumbnail');
    expect(within(second!).queryByRole('button', { name: /full image/ })).not.toBeInTheDocument();
  });

  it('scrolls inside at most 420 px instead of paginating, and can be scrolled from the keyboard', async () => {
    gateway.active = Array.from({ length: 30 }, (_, index) => activeReport({ reportId: `r-${index}`, claimCode: String(index).padStart(5, '0') }));
    renderSections();

    const table = await activeTable();
    expect(bodyRows(table)).toHaveLength(30);
    const scroller = within(activeSection()).getByRole('group', { name: 'Active swarms table' });
    expect(getComputedStyle(scroller).maxHeight).toBe(REPORT_TABLE_MAX_HEIGHT);
    expect(getComputedStyle(scroller).overflow).toBe('auto');
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(within(activeSection()).queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('opens the full image from the thumbnail in a dialog that closes with Escape', async () => {
    gateway.active = [activeReport()];
    const { user } = renderSections();
    await activeTable();

    await user.click(screen.getByRole('button', { name: 'Show the full image of swarm 01234' }));

    const dialog = screen.getByRole('dialog', { name: 'Swarm 01234' });
    expect(within(dialog).getByRole('img', { name: 'The swarm reported with claim code 01234' })).toHaveAttribute('src', '/api/member/report/r-1/image');
    expect(within(dialog).getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('target', '_blank');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show the full image of swarm 01234' })).toHaveFocus();
  });

  it('says so when there are no active swarms', async () => {
    renderSections();
    expect(await within(activeSection()).findByText('No active swarms found.')).toBeInTheDocument();
    expect(within(activeSection()).queryByRole('table')).not.toBeInTheDocument();
  });

  it('claims a swarm, says a text with the location should arrive, and refreshes both lists', async () => {
    gateway.active = [activeReport()];
    const { user } = renderSections();
    await activeTable();
    expect(await within(claimedSection()).findByText('No claimed reports found.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Claim swarm 01234' }));

    const toast = await within(notifications()).findByRole('status');
    expect(toast).toHaveTextContent('Successfully claimed report!');
    expect(toast).toHaveTextContent('A text with the swarm location details should arrive shortly.');
    expect(gateway.callsTo('GET', '/member/report/r-1/claim')).toHaveLength(1);
    expect(await within(activeSection()).findByText('No active swarms found.')).toBeInTheDocument();
    expect(bodyRows(await claimedTable()).map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['01234']);
    expect(gateway.callsTo('GET', '/member/report/active')).toHaveLength(2);
    expect(gateway.callsTo('GET', '/member/report/claimed')).toHaveLength(2);
  });

  it('shows Failed to claim report. with the server message, and refreshes the stale list', async () => {
    gateway.active = [activeReport()];
    gateway.failNext.set('GET /api/member/report/r-1/claim', { status: 409, body: { message: 'This swarm has already been claimed by another member.' } });
    const { user } = renderSections();
    await activeTable();

    await user.click(screen.getByRole('button', { name: 'Claim swarm 01234' }));

    const toast = await within(notifications()).findByRole('alert');
    expect(toast).toHaveTextContent('Failed to claim report.');
    expect(toast).toHaveTextContent('This swarm has already been claimed by another member.');
    await waitFor(() => expect(gateway.callsTo('GET', '/member/report/active')).toHaveLength(2));
  });

  it('says so when the list cannot be loaded, and loads it again on request', async () => {
    gateway.failNext.set('GET /api/member/report/active', { status: 500, body: { message: 'Boom.' } });
    gateway.active = [activeReport()];
    const { user } = renderSections();

    const alert = await within(activeSection()).findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your active swarms.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await activeTable()).toBeInTheDocument();
  });
});

describe('Claimed Swarms', { timeout: 20_000 }, () => {
  let gateway: FakeReportGateway;
  beforeEach(() => {
    gateway = new FakeReportGateway();
    gateway.install();
  });

  it('lists the claimed reports with the spec columns; actions only while the report can be un-claimed', async () => {
    gateway.claimed = [claimedReport(), claimedReport({ reportId: 'r-8', claimCode: '55555', canUnClaim: false, companyName: '', dateCreated: null })];
    renderSections();

    const table = await claimedTable();
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Actions',
      'Date',
      'Image',
      'Claim Code',
      'Note',
      'Size',
      'Elevation',
      'Association',
      'Outcome',
    ]);
    const [open, closed] = bodyRows(table);
    const withoutOutcome = (row: HTMLElement) => cellTexts(row).slice(0, -1);
    expect(withoutOutcome(open!)).toEqual(['Un-claimMark as bad', '2026-05-30 8:15 AM', '', '98765', 'By the mailbox', 'Softball', '3 ft', 'Springfield Beekeepers']);
    expect(withoutOutcome(closed!)).toEqual(['', '', '', '55555', 'By the mailbox', 'Softball', '3 ft', '']);
    expect(within(closed!).queryByRole('button')).not.toBeInTheDocument();
    // A closed claim keeps its outcome cell: the outcome can be recorded at any time.
    expect(within(closed!).getByRole('combobox', { name: 'Outcome of swarm 55555' })).toBeEnabled();
  });

  describe('the outcome', () => {
    const outcomeOf = (claimCode: string) => screen.getByRole('combobox', { name: `Outcome of swarm ${claimCode}` });

    it("offers 'Not recorded' and the five outcomes, showing the one recorded", async () => {
      gateway.claimed = [claimedReport(), claimedReport({ reportId: 'r-8', claimCode: '55555', outcome: 'Could not reach' })];
      renderSections();
      await claimedTable();

      const select = outcomeOf('98765');
      expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Not recorded',
        'Captured',
        'Gone before arrival',
        'Not honey bees',
        'Could not reach',
        'Other',
      ]);
      expect(select).toHaveValue('');
      expect(outcomeOf('55555')).toHaveValue('Could not reach');
      // Once recorded it can be changed, not taken back.
      expect(within(outcomeOf('55555')).getByRole('option', { name: 'Not recorded' })).toBeDisabled();
    });

    it('saves the chosen outcome at once, says so and refreshes the list', async () => {
      gateway.claimed = [claimedReport()];
      const { user } = renderSections();
      await claimedTable();

      await user.selectOptions(outcomeOf('98765'), 'Gone before arrival');

      expect(await within(notifications()).findByRole('status')).toHaveTextContent('The outcome has been recorded.');
      expect(gateway.callsTo('POST', '/member/report/r-9/outcome').map((call) => call.body)).toEqual([{ outcome: 'Gone before arrival' }]);
      await waitFor(() => expect(gateway.callsTo('GET', '/member/report/claimed')).toHaveLength(2));
      expect(outcomeOf('98765')).toHaveValue('Gone before arrival');
      expect(outcomeOf('98765')).toBeEnabled();
    });

    it('shows the failure with the server message and goes back to the outcome recorded', async () => {
      gateway.claimed = [claimedReport({ outcome: 'Captured' })];
      gateway.failNext.set('POST /api/member/report/r-9/outcome', { status: 404, body: { message: 'Report not found.' } });
      const { user } = renderSections();
      await claimedTable();

      await user.selectOptions(outcomeOf('98765'), 'Other');

      const toast = await within(notifications()).findByRole('alert');
      expect(toast).toHaveTextContent('Failed to record the outcome');
      expect(toast).toHaveTextContent('Report not found.');
      await waitFor(() => expect(outcomeOf('98765')).toHaveValue('Captured'));
    });

    it('cannot read a list naming an outcome outside the vocabulary, and says the list could not be loaded', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      gateway.claimed = [claimedReport({ outcome: 'Eaten by a bear' as ClaimedReport['outcome'] })];
      renderSections();
      expect(await within(claimedSection()).findByRole('alert')).toHaveTextContent('We could not load your claimed swarms.');
    });
  });

  it('says so when there are no claimed reports', async () => {
    renderSections();
    expect(await within(claimedSection()).findByText('No claimed reports found.')).toBeInTheDocument();
  });

  it('asks before un-claiming, warning the swarm goes to other members and suggesting Mark as Bad; Cancel sends nothing', async () => {
    gateway.claimed = [claimedReport()];
    const { user } = renderSections();
    await claimedTable();

    await user.click(screen.getByRole('button', { name: 'Un-claim swarm 98765' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Un-claim swarm 98765?' });
    expect(dialog).toHaveAccessibleDescription(/available to other members/);
    expect(dialog).toHaveTextContent(/not honey bees, has moved into a structure, has moved on, or was claimed by someone else, please use Mark as Bad/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(gateway.callsTo('PUT', '/member/report/unclaim')).toEqual([]);
  });

  it('un-claims after the confirmation, says so and refreshes both lists', async () => {
    gateway.claimed = [claimedReport()];
    const { user } = renderSections();
    await claimedTable();

    await user.click(screen.getByRole('button', { name: 'Un-claim swarm 98765' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Un-claim' }));

    expect(await within(notifications()).findByRole('status')).toHaveTextContent('Report has been unclaimed');
    expect(gateway.callsTo('PUT', '/member/report/unclaim')[0]?.body).toEqual({ reportId: 'r-9' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await within(claimedSection()).findByText('No claimed reports found.')).toBeInTheDocument();
    expect(bodyRows(await activeTable()).map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['98765']);
  });

  it('shows Failed to unclaim report with the server message', async () => {
    gateway.claimed = [claimedReport()];
    gateway.failNext.set('PUT /api/member/report/unclaim', { status: 409, body: { message: 'The 72 hours to un-claim this report are over.' } });
    const { user } = renderSections();
    await claimedTable();

    await user.click(screen.getByRole('button', { name: 'Un-claim swarm 98765' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Un-claim' }));

    const toast = await within(notifications()).findByRole('alert');
    expect(toast).toHaveTextContent('Failed to unclaim report');
    expect(toast).toHaveTextContent('The 72 hours to un-claim this report are over.');
  });

  it('requires one of the five reasons before marking a report bad', async () => {
    gateway.claimed = [claimedReport()];
    const { user } = renderSections();
    await claimedTable();

    await user.click(screen.getByRole('button', { name: 'Mark as bad swarm 98765' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Mark swarm 98765 as bad' });
    const reasons = within(within(dialog).getByRole('group', { name: 'Why is this report bad?' })).getAllByRole('radio');
    expect(reasons.map((radio) => radio.getAttribute('value'))).toEqual([
      'Not honey bees',
      'Swarm moved into structure',
      'Swarm moved on',
      'Someone else got the swarm',
      'Other',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Mark as bad' }));
    expect(await within(dialog).findByText(REASON_REQUIRED)).toBeInTheDocument();
    expect(gateway.callsTo('PUT', '/member/report/bad')).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Swarm moved on' }));
    await user.click(within(dialog).getByRole('button', { name: 'Mark as bad' }));

    expect(await within(notifications()).findByRole('status')).toHaveTextContent('Report has been marked as bad');
    expect(gateway.callsTo('PUT', '/member/report/bad')[0]?.body).toEqual({ reportId: 'r-9', reason: 'Swarm moved on' });
    expect(await within(claimedSection()).findByText('No claimed reports found.')).toBeInTheDocument();
    expect(gateway.callsTo('GET', '/member/report/active')).toHaveLength(2);
  });

  it('reaches Mark as Bad from the un-claim question', async () => {
    gateway.claimed = [claimedReport()];
    const { user } = renderSections();
    await claimedTable();

    await user.click(screen.getByRole('button', { name: 'Un-claim swarm 98765' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Mark as Bad instead' }));

    expect(screen.getByRole('alertdialog', { name: 'Mark swarm 98765 as bad' })).toBeInTheDocument();
    expect(gateway.callsTo('PUT', '/member/report/unclaim')).toEqual([]);
  });

  it('shows Failed to mark report as bad with the server message', async () => {
    gateway.claimed = [claimedReport()];
    gateway.failNext.set('PUT /api/member/report/bad', { status: 404, body: { message: 'Report not found.' } });
    const { user } = renderSections();
    await claimedTable();

    await user.click(screen.getByRole('button', { name: 'Mark as bad swarm 98765' }));
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Mark as bad' }));

    const toast = await within(notifications()).findByRole('alert');
    expect(toast).toHaveTextContent('Failed to mark report as bad');
    expect(toast).toHaveTextContent('Report not found.');
  });

  it('keeps the report lists under one key prefix, the one associations invalidate', async () => {
    const { memberReportsQueryKey } = await import('@/features/associations/api/get-member-companies');
    expect(memberReportsQueryKey).toEqual(memberReportKeys.all);
    expect(memberReportKeys.active.slice(0, 2)).toEqual([...memberReportKeys.all]);
    expect(memberReportKeys.claimed.slice(0, 2)).toEqual([...memberReportKeys.all]);
  });
});

/** A phone: matchMedia answers as a 390 px wide touch screen does. */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width') || query.includes('pointer: coarse'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('report lists on a phone (under 600 px)', { timeout: 20_000 }, () => {
  let gateway: FakeReportGateway;
  beforeEach(() => {
    onPhone();
    gateway = new FakeReportGateway([activeReport()], [claimedReport({ imageUrl: '/api/member/report/r-9/image' })]);
    gateway.install();
  });

  const card = (section: HTMLElement, claimCode: string) => within(section).getByRole('listitem', { name: `Claim Code ${claimCode}` });
  const fields = (item: HTMLElement) => [...item.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`);

  it('shows each active report as a card: the same fields in the same order, the Claim button inside the card', async () => {
    renderSections();

    const item = await waitFor(() => card(activeSection(), '01234'));
    expect(within(activeSection()).queryByRole('table')).not.toBeInTheDocument();
    expect(fields(item).slice(2)).toEqual(['Claim Code: 01234', 'Note: On the low branch of the oak', 'Size: Basketball', 'Elevation: 6 ft', 'Distance: 2.35 mi']);
    expect(fields(item)[0]).toMatch(/^Date: 2026-06-01 \d{1,2}:\d{2} [AP]M$/);
    expect(fields(item).map((line) => line.split(':')[0])).toEqual(['Date', 'Image', 'Claim Code', 'Note', 'Size', 'Elevation', 'Distance']);
    const claim = within(item).getByRole('button', { name: 'Claim swarm 01234' });
    // The action comes last, as the Claim column does.
    expect(item.lastElementChild?.contains(claim)).toBe(true);
    const scroller = within(activeSection()).getByRole('group', { name: 'Active swarms list' });
    expect(getComputedStyle(scroller).maxHeight).toBe(REPORT_TABLE_MAX_HEIGHT);
  });

  it('shows each claimed report as a card with its actions first, as the Actions column is', async () => {
    renderSections();

    const item = await waitFor(() => card(claimedSection(), '98765'));
    expect(item.firstElementChild).toContainElement(within(item).getByRole('button', { name: 'Un-claim swarm 98765' }));
    expect(within(item).getByRole('button', { name: 'Mark as bad swarm 98765' })).toBeInTheDocument();
    expect(fields(item).map((line) => line.split(':')[0])).toEqual(['Date', 'Image', 'Claim Code', 'Note', 'Size', 'Elevation', 'Association', 'Outcome']);
    expect(fields(item)).toContain('Association: Springfield Beekeepers');
    expect(within(item).getByRole('combobox', { name: 'Outcome of swarm 98765' })).toHaveValue('');
  });

  it('names each landmark once: the sections are the regions, their lists are groups', async () => {
    renderSections();
    await waitFor(() => card(activeSection(), '01234'));

    const regionNames = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label') ?? region.getAttribute('aria-labelledby'));
    expect(screen.getAllByRole('region', { name: /active swarms/i })).toHaveLength(1);
    expect(screen.getAllByRole('region', { name: /claimed swarms/i })).toHaveLength(1);
    expect(regionNames.length).toBe(new Set(regionNames).size);
  });
});
