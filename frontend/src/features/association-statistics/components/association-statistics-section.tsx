import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Field, Hint, Select, SectionCard, SectionHeading } from '@/components/ui/form-parts';
import { ApiError, InvalidResponseError } from '@/lib/api-client';
import { useAssociationStatistics } from '../api/get-association-statistics';
import { formatLastUtcDay, formatUtcDay } from '../lib/format-statistics';
import { DEFAULT_PERIOD_WEEKS, PERIOD_WEEKS, periodLabel, periodSince, type PeriodWeeks } from '@/lib/statistics-period';
import { currentWeekOf } from '../lib/statistics-weeks';
import { StatisticsTotals } from './statistics-totals';
import { ThisWeekSummary } from './this-week-summary';
import { WeeklyChart } from './weekly-chart';
import { WeeklyHistory } from './weekly-history';
import { WeeklyTable } from './weekly-table';

export const STATISTICS_LOAD_FAILED = 'We could not load the statistics.';

/** The message a failed load shows: the gateway's own sentence for a refusal, never a body or a stack. */
function failureMessage(error: unknown): string {
  if (error instanceof InvalidResponseError) return error.message;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return `${STATISTICS_LOAD_FAILED} Please try again in a moment.`;
}

const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;
const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * An association's statistics for its admins, what a phone shows first at the top: this week, then the period's
 * totals, a bar chart of reports alerted and claimed per week, the weeks in which something happened (newest first,
 * each opening on all its figures), and every figure per week in a table that scrolls sideways. Shown once per
 * association the member administers; a refusal (no longer an admin, an inactive membership) shows its reason.
 */
export function AssociationStatisticsSection({ companyId, companyName }: { companyId: string; companyName: string }) {
  const headingId = useId();
  const periodId = useId();
  const [weeks, setWeeks] = useState<PeriodWeeks>(DEFAULT_PERIOD_WEEKS);
  const since = periodSince(weeks, new Date());
  const statistics = useAssociationStatistics(companyId, since);
  const data = statistics.data;
  const currentWeek = data ? currentWeekOf(data.weeks) : undefined;

  return (
    <SectionCard aria-labelledby={headingId}>
      <SectionHeading id={headingId}>{`Association statistics: ${companyName}`}</SectionHeading>
      {/* Not an admin (any more): no period would be answered, so none is offered. */}
      {!isForbidden(statistics.error) && (
        <PeriodField>
          <label htmlFor={periodId}>Period</label>
          <Select id={periodId} value={weeks} onChange={(event) => setWeeks(Number(event.target.value) as PeriodWeeks)}>
            {PERIOD_WEEKS.map((choice) => (
              <option key={choice} value={choice}>
                {periodLabel(choice)}
              </option>
            ))}
          </Select>
        </PeriodField>
      )}

      {statistics.isPending && <p role="status">Loading the statistics…</p>}
      {statistics.isError && (
        <div role="alert">
          <p>{failureMessage(statistics.error)}</p>
          {!isRefusal(statistics.error) && (
            <Button type="button" $variant="secondary" onClick={() => void statistics.refetch()}>
              Try again
            </Button>
          )}
        </div>
      )}
      {data && !isRefusal(statistics.error) && (
        <>
          <Hint>
            {`From ${formatUtcDay(data.since)} to ${formatLastUtcDay(data.until)}. Weeks start on Monday (UTC); a report counts in the week it was made.`}
          </Hint>
          {currentWeek && <ThisWeekSummary week={currentWeek} />}
          <SubHeading>Totals for the period</SubHeading>
          <StatisticsTotals total={data.total} />
          <SubHeading>Reports per week</SubHeading>
          {data.weeks.length > 0 && <WeeklyChart weeks={data.weeks} />}
          <WeeklyHistory weeks={data.weeks} total={data.total} currentWeekStart={currentWeek?.periodStart ?? ''} />
          <SubHeading>Every figure per week</SubHeading>
          <WeeklyTable weeks={data.weeks} total={data.total} associationName={companyName} />
        </>
      )}
    </SectionCard>
  );
}

const PeriodField = styled(Field)`
  max-width: 16rem;
`;

const SubHeading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.large};
`;
