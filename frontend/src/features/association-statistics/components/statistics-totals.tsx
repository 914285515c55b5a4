import styled from 'styled-components';
import type { StatisticsFigures } from '../api/get-association-statistics';
import { formatCents, formatCount, formatMinutes, formatShare, NO_FIGURE, outcomeName } from '../lib/format-statistics';

const withUnit = (minutes: number | null) => (minutes === null ? NO_FIGURE : `${formatMinutes(minutes)} min`);

/** The figures of the whole period, as a list of names and values that reads well on a phone. */
export function StatisticsTotals({ total }: { total: StatisticsFigures }) {
  const figures: [string, string][] = [
    ['Reports alerted', formatCount(total.reportsAlerted)],
    ['Claimed', `${formatCount(total.reportsClaimed)} (${formatShare(total)})`],
    ['Median time to first claim', withUnit(total.medianMinutesToFirstClaim)],
    ['90th percentile time to first claim', withUnit(total.p90MinutesToFirstClaim)],
    ['Expired unclaimed', formatCount(total.reportsExpired)],
    ['Departed (the reporter said they left)', formatCount(total.reportsDeparted)],
    ['Alerts sent', formatCount(total.alertsSent)],
    ['Cost of alerts', formatCents(total.alertsCostCents)],
    [
      'Alerts by text, notification, email',
      `${formatCount(total.alertsByChannel.text)}, ${formatCount(total.alertsByChannel.notification)}, ${formatCount(total.alertsByChannel.email)}`,
    ],
    ['The same alerts as texts would have cost', formatCents(total.alertsCostByTextCents)],
    ['Texts to reporters', formatCount(total.reporterTexts)],
  ];
  return (
    <>
      <Figures>
        {figures.map(([name, value]) => (
          <Figure key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </Figure>
        ))}
      </Figures>
      <OutcomesHeading>What became of the claimed swarms</OutcomesHeading>
      <Figures>
        {total.outcomes.map(({ outcome, count }) => (
          <Figure key={outcomeName(outcome)}>
            <dt>{outcomeName(outcome)}</dt>
            <dd>{formatCount(count)}</dd>
          </Figure>
        ))}
      </Figures>
    </>
  );
}

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
`;

/* A div groups each name with its value, which a <dl> allows and a grid needs. */
const Figure = styled.div`
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};

  dt {
    color: ${({ theme }) => theme.colors.mutedText};
    font-size: ${({ theme }) => theme.fontSizes.small};
  }

  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.large};
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

const OutcomesHeading = styled.h4`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.body};
`;
