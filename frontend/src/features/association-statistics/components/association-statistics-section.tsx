import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Field, Hint, Select, SectionCard, SectionHeading } from '@/components/ui/form-parts';
import { ApiError, InvalidResponseError } from '@/lib/api-client';
import { useAssociationStatistics } from '../api/get-association-statistics';
import { formatLastUtcDay, formatUtcDay } from '../lib/format-statistics';
import { DEFAULT_PERIOD_WEEKS, PERIOD_WEEKS, periodLabel, periodSince, type PeriodWeeks } from '../lib/statistics-period';
import { StatisticsTotals } from './statistics-totals';
import { WeeklyChart } from './weekly-chart';
import { WeeklyTable } from './weekly-table';

export const STATISTICS_LOAD_FAILED = 'We could not load the statistics.';

/** The message a failed load shows: the gateway's own sentence for a refusal, never a body or a stack. */
function failureMessage(error: unknown): string {
  if (error instanceof InvalidResponseError) return error.message;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return `${STATISTICS_LOAD_FAILED} Please try again in a moment.`;
}

const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * An association's statistics for its admins: the period's totals, a bar chart of reports alerted and claimed per
 * week, and every figure per week in a table. Shown once per association the member administers.
 */
export function AssociationStatisticsSection({ companyId, companyName }: { companyId: string; companyName: string }) {
  const headingId = useId();
  const periodId = useId();
  const [weeks, setWeeks] = useState<PeriodWeeks>(DEFAULT_PERIOD_WEEKS);
  const since = periodSince(weeks, new Date());
  const statistics = useAssociationStatistics(companyId, since);
  const data = statistics.data;

  return (
    <SectionCard aria-labelledby={headingId}>
      <SectionHeading id={headingId}>{`Association statistics: ${companyName}`}</SectionHeading>
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
          <SubHeading>Totals for the period</SubHeading>
          <StatisticsTotals total={data.total} />
          <SubHeading>Reports per week</SubHeading>
          {data.weeks.length > 0 && <WeeklyChart weeks={data.weeks} />}
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
