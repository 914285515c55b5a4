import { useId } from 'react';
import styled from 'styled-components';
import type { StatisticsFigures } from '../api/get-association-statistics';
import { formatCents, formatCount, formatMinutes, formatShare, NO_FIGURE, outcomeName, savedCents } from '../lib/format-statistics';

const withUnit = (minutes: number | null) => (minutes === null ? NO_FIGURE : `${formatMinutes(minutes)} min`);

type FigureGroup = { heading: string; figures: [name: string, value: string][] };

/**
 * The figures of the whole period in three groups a phone reads top to bottom, each figure a name over its value: the
 * reports, the alerts (each channel its own figure, and what notifications and email saved against texts), and what
 * became of the claimed swarms.
 */
export function StatisticsTotals({ total }: { total: StatisticsFigures }) {
  const id = useId();
  const groups: FigureGroup[] = [
    {
      heading: 'Reports',
      figures: [
        ['Reports alerted', formatCount(total.reportsAlerted)],
        ['Claimed', `${formatCount(total.reportsClaimed)} (${formatShare(total)})`],
        ['Median time to first claim', withUnit(total.medianMinutesToFirstClaim)],
        ['90th percentile time to first claim', withUnit(total.p90MinutesToFirstClaim)],
        ['Expired unclaimed', formatCount(total.reportsExpired)],
        ['Departed (the reporter said they left)', formatCount(total.reportsDeparted)],
        ['Texts to reporters', formatCount(total.reporterTexts)],
      ],
    },
    {
      heading: 'Alerts',
      figures: [
        ['Alerts sent', formatCount(total.alertsSent)],
        ['By text message', formatCount(total.alertsByChannel.text)],
        ['By notification', formatCount(total.alertsByChannel.notification)],
        ['By email', formatCount(total.alertsByChannel.email)],
        ['Cost of alerts', formatCents(total.alertsCostCents)],
        ['Cost had every alert been a text', formatCents(total.alertsCostByTextCents)],
        ['Saved by notifications and email', formatCents(savedCents(total))],
      ],
    },
    { heading: 'What became of the claimed swarms', figures: total.outcomes.map(({ outcome, count }) => [outcomeName(outcome), formatCount(count)]) },
  ];
  return (
    <>
      {groups.map((group, index) => (
        <Group key={group.heading} aria-labelledby={`${id}-${index}`}>
          <GroupHeading id={`${id}-${index}`}>{group.heading}</GroupHeading>
          <Figures>
            {group.figures.map(([name, value]) => (
              <Figure key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </Figure>
            ))}
          </Figures>
        </Group>
      ))}
    </>
  );
}

const Group = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

/* Two cards side by side on a 360 px phone, each wide enough for a name on two lines (7.5rem broke them word by word). */
const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
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

const GroupHeading = styled.h4`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.body};
`;
