import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestAppProvider } from '@/testing/test-app-provider';
import { invalidResponseMessage } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, stubApi, type FakeHandler } from '@/testing/fake-api';
import { statisticsAnswer, statisticsWeek } from '@/testing/fake-statistics-api';
import { periodSince } from '@/lib/statistics-period';
import { AssociationStatisticsSection, STATISTICS_LOAD_FAILED } from './association-statistics-section';

const STATISTICS = 'GET /member/company/c-1/statistics';

function renderSection(handler: FakeHandler) {
  const api = stubApi({ [STATISTICS]: handler });
  const queryClient = createQueryClient({ queries: { retry: false }, mutations: { retry: false } });
  const user = userEvent.setup();
  render(
    <TestAppProvider queryClient={queryClient}>
      <AssociationStatisticsSection companyId="c-1" companyName="Portland Beekeepers" />
    </TestAppProvider>,
  );
  return { ...api, user };
}

const section = () => screen.getByRole('region', { name: 'Association statistics: Portland Beekeepers' });

describe('AssociationStatisticsSection', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the totals of the period: alerted, share claimed, claim times, cost in dollars', async () => {
    renderSection(() => jsonResponse(statisticsAnswer()));

    const totals = await within(section()).findByRole('heading', { name: 'Totals for the period' });
    expect(totals).toBeInTheDocument();
    const reports = within(section()).getByRole('region', { name: 'Reports' });
    const outcomes = within(section()).getByRole('region', { name: 'What became of the claimed swarms' });
    const figure = (name: string, group = reports) => within(group).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Reports alerted')).toBe('5');
    expect(figure('Claimed')).toBe('3 (60%)');
    expect(figure('Median time to first claim')).toBe('12.5 min');
    expect(figure('90th percentile time to first claim')).toBe('41 min');
    expect(figure('Expired unclaimed')).toBe('2');
    expect(figure('Departed (the reporter said they left)')).toBe('1');
    expect(figure('Texts to reporters')).toBe('5');
    // The alerts apart, one figure per channel, and what the other channels saved against texts.
    const alerts = within(section()).getByRole('region', { name: 'Alerts' });
    const alertFigures = within(alerts)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(alertFigures).toEqual([
      'Alerts sent: 14',
      'By text message: 10',
      'By notification: 6',
      'By email: 1',
      'Cost of alerts: $0.70',
      'Cost had every alert been a text: $0.98',
      'Saved by notifications and email: $0.28',
    ]);
    expect(figure('Captured', outcomes)).toBe('2');
    expect(figure('Not honey bees', outcomes)).toBe('1');
    expect(within(section()).getByText('From 2026-03-02 to 2026-03-15. Weeks start on Monday (UTC); a report counts in the week it was made.')).toBeInTheDocument();
  });

  it('draws one bar per week, named for assistive technology by a summary of what it shows', async () => {
    renderSection(() => jsonResponse(statisticsAnswer()));

    const chart = await within(section()).findByRole('img', { name: /^Bar chart of reports alerted and claimed/ });
    expect(chart).toHaveAccessibleName(
      'Bar chart of reports alerted and claimed in each of the 2 weeks from 2026-03-02: 5 alerted and 3 claimed in all. ' +
        'The busiest week, from 2026-03-02, had 4 alerted and 3 claimed. The table below has every figure.',
    );
    const bars = within(chart).getAllByTestId('weekly-chart-bar');
    expect(bars.map((bar) => [bar.dataset.alerted, bar.dataset.claimed])).toEqual([
      ['4', '3'],
      ['1', '0'],
    ]);
  });

  it('has every figure in a table with a caption, column and row headers, and a total row, in a focusable scrolling region', async () => {
    renderSection(() => jsonResponse(statisticsAnswer()));

    const region = await within(section()).findByRole('region', { name: 'Weekly statistics of Portland Beekeepers' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table', { name: 'Figures per week, newest first (weeks start on Monday, UTC)' });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.slice(0, 6)).toEqual(['Week starting', 'Reports alerted', 'Claimed', 'Share claimed', 'Median minutes to first claim', '90th percentile minutes to first claim']);
    const alertColumns = headers.indexOf('Alerts sent');
    expect(headers.slice(alertColumns, alertColumns + 7)).toEqual([
      'Alerts sent',
      'Alerts by text message',
      'Alerts by notification',
      'Alerts by email',
      'Cost of alerts',
      'Cost had every alert been a text',
      'Saved by notifications and email',
    ]);
    expect(headers.slice(-6)).toEqual(['Captured', 'Gone before arrival', 'Not honey bees', 'Could not reach', 'Other', 'No outcome recorded']);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    // Newest first: this week (from 2026-03-09), then the one before.
    const [thisWeek, lastWeek] = [rows[0]!, rows[1]!];
    expect(within(thisWeek).getByRole('rowheader')).toHaveTextContent('2026-03-09');
    expect(cells(thisWeek).slice(0, 5)).toEqual(['1', '0', '0%', '—', '—']);
    expect(within(lastWeek).getByRole('rowheader')).toHaveTextContent('2026-03-02');
    expect(cells(lastWeek).slice(0, 5)).toEqual(['4', '3', '75%', '12.5', '41']);
    expect(cells(lastWeek).slice(-6)).toEqual(['2', '0', '1', '0', '0', '0']);
    const alertCells = (row: HTMLElement) => cells(row).slice(alertColumns - 1, alertColumns + 6);
    expect(alertCells(lastWeek)).toEqual(['12', '8', '6', '1', '$0.56', '$0.84', '$0.28']);
    expect(alertCells(thisWeek)).toEqual(['2', '2', '0', '0', '$0.14', '$0.14', '$0.00']);
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('Total');
    expect(alertCells(rows[2]!)).toEqual(['14', '10', '6', '1', '$0.70', '$0.98', '$0.28']);
  });

  it('shows this week first: its heading leads the figures, with what was alerted, claimed, expired and what the alerts cost', async () => {
    renderSection(() => jsonResponse(statisticsAnswer()));

    const thisWeek = await within(section()).findByRole('region', { name: 'This week' });
    const headings = within(section()).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings[0]).toBe('This week');
    expect(headings.indexOf('Totals for the period')).toBe(1);
    expect(thisWeek).toHaveTextContent('From Monday 2026-03-09 (UTC) up to now.');
    const figures = within(thisWeek)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(figures).toEqual([
      'Reports alerted: 1',
      'Claimed: 0 (0%)',
      'Median time to first claim: —',
      'Expired unclaimed: 1',
      'Alerts sent: 2',
      'Cost of alerts: $0.14',
    ]);
  });

  it('lists the weeks in which something happened newest first, each opening on every figure, and counts the quiet ones left out', async () => {
    const monday = (day: number) => new Date(Date.UTC(2026, 0, 5 + 7 * day)).toISOString();
    const weeks = Array.from({ length: 12 }, (_, index) => statisticsWeek(monday(index)));
    weeks[3] = statisticsWeek(monday(3), { reportsAlerted: 2, reportsClaimed: 1, alertsSent: 3, alertsCostCents: 21, medianMinutesToFirstClaim: 8 });
    weeks[11] = statisticsWeek(monday(11), { reportsAlerted: 1, reportsClaimed: 1, alertsSent: 1, alertsCostCents: 7 });
    const { user } = renderSection(() => jsonResponse(statisticsAnswer({ weeks, since: monday(0), until: monday(12) })));

    const history = await within(section()).findByRole('region', { name: 'Week by week, newest first' });
    const items = within(history).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('summary')?.textContent)).toEqual([
      'This week from 2026-03-23: 1 alerted, 1 claimed (100%)',
      'Week from 2026-01-26: 2 alerted, 1 claimed (50%)',
    ]);
    expect(within(history).getByText('10 weeks without any report or alert are left out.')).toBeInTheDocument();

    const older = items[1]!.querySelector('details')!;
    expect(older.open).toBe(false);
    await user.click(within(items[1]!).getByText(/^Week from 2026-01-26/));
    expect(older.open).toBe(true);
    const figure = (name: string) => within(older).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Median minutes to first claim')).toBe('8');
    expect(figure('Cost of alerts')).toBe('$0.21');
    expect(figure('No outcome recorded')).toBe('0');
    expect(within(older).getAllByRole('term')).toHaveLength(21);
  });

  it('says so when no week of the period had a report or an alert', async () => {
    const quiet = [statisticsWeek('2026-03-02T00:00:00.000Z'), statisticsWeek('2026-03-09T00:00:00.000Z')];
    renderSection(() => jsonResponse(statisticsAnswer({ weeks: quiet, total: statisticsWeek('2026-03-02T00:00:00.000Z') })));

    const history = await within(section()).findByRole('region', { name: 'Week by week, newest first' });
    expect(history).toHaveTextContent('No report or alert in any week of this period.');
    expect(within(history).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('asks for another period when one is picked, from a Monday', async () => {
    const { requests, user } = renderSection(() => jsonResponse(statisticsAnswer()));
    await within(section()).findByRole('table');
    expect(requests.at(-1)?.query.get('since')).toBe(periodSince(12, new Date()));

    await user.selectOptions(within(section()).getByRole('combobox', { name: 'Period' }), 'Last 52 weeks');

    await within(section()).findByRole('table');
    const since = requests.at(-1)?.query.get('since') ?? '';
    expect(since).toBe(periodSince(52, new Date()));
    expect(new Date(`${since}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('says the statistics could not be loaded, with a retry, when the service is unavailable', async () => {
    let failing = true;
    const { user } = renderSection(() =>
      failing ? jsonResponse({ message: 'Something went wrong. Refresh the page and try again.' }, 503) : jsonResponse(statisticsAnswer()),
    );

    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent(`${STATISTICS_LOAD_FAILED} Please try again in a moment.`);
    expect(within(section()).queryByRole('table')).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section()).findByRole('table')).toBeInTheDocument();
  });

  it("shows the gateway's message for a refusal, without a retry that could not help", async () => {
    renderSection(() => jsonResponse({ message: 'Only an admin of this association can see its statistics.' }, 403));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('Only an admin of this association can see its statistics.');
    expect(within(section()).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(within(section()).queryByRole('combobox', { name: 'Period' })).not.toBeInTheDocument();
  });

  it('shows a sentence, not the body, when the answer has the wrong shape', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderSection(() => jsonResponse({ weeks: 'soon', total: { secret: true } }));

    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent(invalidResponseMessage);
    expect(alert).not.toHaveTextContent('secret');
  });
});
