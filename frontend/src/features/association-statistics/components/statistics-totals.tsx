import { useId } from 'react';
import styled from 'styled-components';
import type { StatisticsFigures } from '../api/get-association-statistics';
import { formatCents, formatCount, formatMinutesWithUnit, formatShare, outcomeName, savedCents } from '../lib/format-statistics';
import { FigureCards, type NamedFigure } from './figure-cards';

type FigureGroup = { heading: string; figures: NamedFigure[] };

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
        ['Median time to first claim', formatMinutesWithUnit(total.medianMinutesToFirstClaim)],
        ['90th percentile time to first claim', formatMinutesWithUnit(total.p90MinutesToFirstClaim)],
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
          <FigureCards figures={group.figures} />
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

const GroupHeading = styled.h4`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.body};
`;
