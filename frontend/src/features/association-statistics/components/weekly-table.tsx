import styled from 'styled-components';
import type { StatisticsFigures } from '../api/get-association-statistics';
import { formatCents, formatCount, formatMinutes, formatShare, formatUtcDay, outcomeName, savedCents } from '../lib/format-statistics';
import { outcomeCount } from '@swarm/proto/views/statistics-figures';
import { ScrollBox } from '@/components/ui/scroll-box';
import { newestFirst } from '../lib/statistics-weeks';
import { visuallyHidden } from '@/components/ui/visually-hidden';

type Column = { header: string; value: (figures: StatisticsFigures) => string };

/** Every figure of a week, in the order of the totals; one per outcome the total lists. The table's columns, and each week's list. */
export function weekColumns(total: StatisticsFigures): Column[] {
  return [
    { header: 'Reports alerted', value: (figures) => formatCount(figures.reportsAlerted) },
    { header: 'Claimed', value: (figures) => formatCount(figures.reportsClaimed) },
    { header: 'Share claimed', value: formatShare },
    { header: 'Median minutes to first claim', value: (figures) => formatMinutes(figures.medianMinutesToFirstClaim) },
    { header: '90th percentile minutes to first claim', value: (figures) => formatMinutes(figures.p90MinutesToFirstClaim) },
    { header: 'Expired unclaimed', value: (figures) => formatCount(figures.reportsExpired) },
    { header: 'Departed', value: (figures) => formatCount(figures.reportsDeparted) },
    { header: 'Alerts sent', value: (figures) => formatCount(figures.alertsSent) },
    { header: 'Alerts by text message', value: (figures) => formatCount(figures.alertsByChannel.text) },
    { header: 'Alerts by notification', value: (figures) => formatCount(figures.alertsByChannel.notification) },
    { header: 'Alerts by email', value: (figures) => formatCount(figures.alertsByChannel.email) },
    { header: 'Cost of alerts', value: (figures) => formatCents(figures.alertsCostCents) },
    { header: 'Cost had every alert been a text', value: (figures) => formatCents(figures.alertsCostByTextCents) },
    { header: 'Saved by notifications and email', value: (figures) => formatCents(savedCents(figures)) },
    { header: 'Texts to reporters', value: (figures) => formatCount(figures.reporterTexts) },
    ...total.outcomes.map(({ outcome }): Column => ({ header: outcomeName(outcome), value: (figures) => formatCount(outcomeCount(figures, outcome)) })),
  ];
}

/**
 * The chart's numbers and every other figure, one row per week, newest first, and a total row; quiet weeks too, as
 * the complete record. Wider than a phone, it scrolls sideways inside a named region the keyboard can reach, with the
 * week column kept in view.
 */
export function WeeklyTable({ weeks, total, associationName }: { weeks: readonly StatisticsFigures[]; total: StatisticsFigures; associationName: string }) {
  const columns = weekColumns(total);
  return (
    <ScrollBox role="region" aria-label={`Weekly statistics of ${associationName}`} tabIndex={0}>
      <Table>
        <Caption>Figures per week, newest first (weeks start on Monday, UTC)</Caption>
        <thead>
          <tr>
            <th scope="col">Week starting</th>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {newestFirst(weeks).map((week, index) => (
            <tr key={week.periodStart || index}>
              <th scope="row">{formatUtcDay(week.periodStart)}</th>
              {columns.map((column) => (
                <td key={column.header}>{column.value(week)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {columns.map((column) => (
              <td key={column.header}>{column.value(total)}</td>
            ))}
          </tr>
        </tfoot>
      </Table>
    </ScrollBox>
  );
}

/**
 * Read by screen readers only: on screen the heading above the chart names the table, and a visible caption would be
 * as wide as the table, cut off on a phone.
 */
const Caption = styled.caption`
  ${visuallyHidden}
`;

const Table = styled.table`
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${({ theme }) => theme.fontSizes.small};
  font-variant-numeric: tabular-nums;

  th,
  td {
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    text-align: right;
    white-space: nowrap;
  }

  thead th {
    position: sticky;
    top: 0;
    z-index: 1;
    min-width: 5rem;
    max-width: 8rem;
    background: ${({ theme }) => theme.colors.secondaryHover};
    text-align: right;
    vertical-align: bottom;
    white-space: normal;
  }

  /* The week stays in view while the figures scroll sideways. */
  th:first-child {
    position: sticky;
    left: 0;
    z-index: 1;
    text-align: left;
  }

  thead th:first-child {
    z-index: 2;
  }

  tfoot th,
  tfoot td {
    font-weight: 700;
    border-top: 2px solid ${({ theme }) => theme.colors.mutedText};
  }
`;
