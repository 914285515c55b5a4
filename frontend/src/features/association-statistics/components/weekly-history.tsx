import { useId } from 'react';
import styled from 'styled-components';
import type { StatisticsFigures } from '../api/get-association-statistics';
import { formatCount, formatShare, formatUtcDay } from '../lib/format-statistics';
import { isQuietWeek, newestFirst } from '../lib/statistics-weeks';
import { weekColumns } from './weekly-table';

const weeksWord = (count: number) => (count === 1 ? '1 week' : `${formatCount(count)} weeks`);

/**
 * The weeks in which something happened, newest first, each one line that opens on every figure of that week: on a
 * phone the admin reads down a list instead of across the table's columns. Quiet weeks are left out and counted.
 */
export function WeeklyHistory({ weeks, total, currentWeekStart }: { weeks: readonly StatisticsFigures[]; total: StatisticsFigures; currentWeekStart: string }) {
  const headingId = useId();
  const columns = weekColumns(total);
  const active = newestFirst(weeks).filter((week) => !isQuietWeek(week));
  const quiet = weeks.length - active.length;
  return (
    <History aria-labelledby={headingId}>
      <SubHeading id={headingId}>Week by week, newest first</SubHeading>
      {active.length === 0 ? (
        <p>No report or alert in any week of this period.</p>
      ) : (
        <Weeks>
          {active.map((week, index) => (
            <li key={week.periodStart || index}>
              <Week>
                <summary>
                  {`${week.periodStart === currentWeekStart ? 'This week' : 'Week'} from ${formatUtcDay(week.periodStart)}: `}
                  {`${formatCount(week.reportsAlerted)} alerted, ${formatCount(week.reportsClaimed)} claimed (${formatShare(week)})`}
                </summary>
                <WeekFigures>
                  {columns.map((column) => (
                    <div key={column.header}>
                      <dt>{column.header}</dt>
                      <dd>{column.value(week)}</dd>
                    </div>
                  ))}
                </WeekFigures>
              </Week>
            </li>
          ))}
        </Weeks>
      )}
      {quiet > 0 && active.length > 0 && <Quiet>{`${weeksWord(quiet)} without any report or alert ${quiet === 1 ? 'is' : 'are'} left out.`}</Quiet>}
    </History>
  );
}

const History = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const SubHeading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.large};
`;

const Weeks = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/* The summary line is the tap target: at least 44 px tall, the whole width. */
const Week = styled.details`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};

  summary {
    min-height: 44px;
    box-sizing: border-box;
    padding: ${({ theme }) => theme.space.sm};
    cursor: pointer;
    font-variant-numeric: tabular-nums;
  }

  summary:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

/* One figure a line, its name on the left and its value on the right: no column runs off a 360 px screen. */
const WeekFigures = styled.dl`
  margin: 0;
  padding: ${({ theme }) => `0 ${theme.space.sm} ${theme.space.sm}`};
  font-size: ${({ theme }) => theme.fontSizes.small};

  div {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.xs} 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }

  dd {
    margin: 0;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;

const Quiet = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.fontSizes.small};
`;
