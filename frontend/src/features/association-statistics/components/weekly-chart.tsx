import styled from 'styled-components';
import type { StatisticsFigures } from '../api/get-association-statistics';
import { formatAxisDay, formatCount, formatUtcDay } from '../lib/format-statistics';

/** More labels than this would run into each other on a 360 px phone. */
const MAX_AXIS_LABELS = 4;
/** Beyond this many weeks the bars get a 1 px gap, so 52 of them keep some width on a phone. */
const DENSE_WEEKS = 26;

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.min(100, (part / whole) * 100));

/** What the chart shows, in words: its accessible name, since the bars themselves cannot be read out. */
export function chartSummary(weeks: readonly StatisticsFigures[]): string {
  if (weeks.length === 0) return 'Bar chart of reports alerted and claimed per week: no weeks in this period.';
  const alerted = weeks.reduce((sum, week) => sum + week.reportsAlerted, 0);
  const claimed = weeks.reduce((sum, week) => sum + week.reportsClaimed, 0);
  const opening = `Bar chart of reports alerted and claimed in each of the ${weeks.length} weeks from ${formatUtcDay(weeks[0]!.periodStart)}`;
  if (alerted === 0) return `${opening}: no report alerted the members. The table below has every figure.`;
  const busiest = weeks.reduce((best, week) => (week.reportsAlerted > best.reportsAlerted ? week : best));
  return (
    `${opening}: ${formatCount(alerted)} alerted and ${formatCount(claimed)} claimed in all. ` +
    `The busiest week, from ${formatUtcDay(busiest.periodStart)}, had ${formatCount(busiest.reportsAlerted)} alerted and ` +
    `${formatCount(busiest.reportsClaimed)} claimed. The table below has every figure.`
  );
}

/**
 * One bar per week: its height is the reports alerted, the dark part inside it those claimed (never more than were
 * alerted). The picture is one image to assistive technology, named by its summary; the numbers are in the table.
 */
export function WeeklyChart({ weeks }: { weeks: readonly StatisticsFigures[] }) {
  const highest = Math.max(0, ...weeks.map((week) => week.reportsAlerted));
  const labelEvery = Math.max(1, Math.ceil(weeks.length / MAX_AXIS_LABELS));
  return (
    <Figure role="img" aria-label={chartSummary(weeks)} data-testid="weekly-chart">
      <Legend>
        <LegendItem>
          <AlertedSwatch /> Reports alerted
        </LegendItem>
        <LegendItem>
          <ClaimedSwatch /> Claimed
        </LegendItem>
      </Legend>
      <Plot>
        <ScaleLabel>{highest}</ScaleLabel>
        <Bars $dense={weeks.length > DENSE_WEEKS}>
          {weeks.map((week, index) => (
            <Column key={week.periodStart || index} data-testid="weekly-chart-bar" data-alerted={week.reportsAlerted} data-claimed={week.reportsClaimed}>
              <AlertedBar style={{ height: `${share(week.reportsAlerted, highest)}%`, minHeight: week.reportsAlerted > 0 ? 3 : 0 }}>
                <ClaimedBar style={{ height: `${share(week.reportsClaimed, week.reportsAlerted)}%` }} />
              </AlertedBar>
            </Column>
          ))}
        </Bars>
        <Axis $dense={weeks.length > DENSE_WEEKS}>
          {weeks.map((week, index) => (
            <AxisLabel key={week.periodStart || index}>{index % labelEvery === 0 ? formatAxisDay(week.periodStart) : ''}</AxisLabel>
          ))}
        </Axis>
      </Plot>
    </Figure>
  );
}

const PLOT_HEIGHT = '160px';

const Figure = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  min-width: 0;
`;

const Legend = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  font-size: ${({ theme }) => theme.fontSizes.small};
`;

const LegendItem = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

/* The alerted bar is light with a dark outline, so its edge keeps 3:1 against the card; the claimed part is solid. */
const AlertedSwatch = styled.span`
  display: inline-block;
  width: 14px;
  height: 14px;
  border: 2px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.warningBackground};
`;

const ClaimedSwatch = styled(AlertedSwatch)`
  background: ${({ theme }) => theme.colors.primary};
`;

const Plot = styled.div`
  position: relative;
  padding-left: 2rem;
`;

const ScaleLabel = styled.span`
  position: absolute;
  top: 0;
  left: 0;
  width: 1.75rem;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.fontSizes.small};
  text-align: right;
  line-height: 1;
`;

const Bars = styled.div<{ $dense: boolean }>`
  display: flex;
  align-items: flex-end;
  gap: ${({ $dense }) => ($dense ? '1px' : '2px')};
  height: ${PLOT_HEIGHT};
  border-top: 1px dashed ${({ theme }) => theme.colors.border};
  border-bottom: 2px solid ${({ theme }) => theme.colors.mutedText};
`;

const Column = styled.div`
  display: flex;
  flex: 1 1 0;
  align-items: flex-end;
  justify-content: center;
  min-width: 0;
  height: 100%;
`;

const AlertedBar = styled.div`
  display: flex;
  flex-direction: column;
  justify-content: flex-end;
  width: 100%;
  max-width: 2.5rem;
  box-sizing: border-box;
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-bottom: none;
  background: ${({ theme }) => theme.colors.warningBackground};
`;

const ClaimedBar = styled.div`
  width: 100%;
  background: ${({ theme }) => theme.colors.primary};
`;

const Axis = styled.div<{ $dense: boolean }>`
  display: flex;
  gap: ${({ $dense }) => ($dense ? '1px' : '2px')};
  margin-top: ${({ theme }) => theme.space.xs};
`;

const AxisLabel = styled.span`
  flex: 1 1 0;
  min-width: 0;
  overflow: visible;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.fontSizes.small};
  white-space: nowrap;
`;
