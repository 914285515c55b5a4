import { useId } from 'react';
import styled from 'styled-components';
import type { StatisticsFigures } from '../api/get-association-statistics';
import { formatCents, formatCount, formatMinutesWithUnit, formatShare, formatUtcDay } from '../lib/format-statistics';
import { FigureCards } from './figure-cards';

/**
 * The current week first, in the figures an admin checks most: what was reported and claimed, how fast, what expired,
 * and what the alerts cost. Every other figure of the week is in the week-by-week list and the table below.
 */
export function ThisWeekSummary({ week }: { week: StatisticsFigures }) {
  const headingId = useId();
  return (
    <Summary aria-labelledby={headingId}>
      <SubHeading id={headingId}>This week</SubHeading>
      <Since>{`From Monday ${formatUtcDay(week.periodStart)} (UTC) up to now.`}</Since>
      <FigureCards
        figures={[
          ['Reports alerted', formatCount(week.reportsAlerted)],
          ['Claimed', `${formatCount(week.reportsClaimed)} (${formatShare(week)})`],
          ['Median time to first claim', formatMinutesWithUnit(week.medianMinutesToFirstClaim)],
          ['Expired unclaimed', formatCount(week.reportsExpired)],
          ['Alerts sent', formatCount(week.alertsSent)],
          ['Cost of alerts', formatCents(week.alertsCostCents)],
        ]}
      />
    </Summary>
  );
}

const Summary = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const SubHeading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.large};
`;

const Since = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.fontSizes.small};
`;
