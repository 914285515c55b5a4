import type { StatisticsFigures } from '../api/get-association-statistics';

/** A week in which nothing happened for the association: no report alerted, claimed, expired or departed, no alert, no text. */
export function isQuietWeek(week: StatisticsFigures): boolean {
  return (
    week.reportsAlerted === 0 &&
    week.reportsClaimed === 0 &&
    week.reportsExpired === 0 &&
    week.reportsDeparted === 0 &&
    week.alertsSent === 0 &&
    week.reporterTexts === 0 &&
    week.outcomes.every(({ count }) => count === 0)
  );
}

/** The weeks with the newest first: the service answers them oldest first. */
export const newestFirst = (weeks: readonly StatisticsFigures[]): StatisticsFigures[] => [...weeks].reverse();

/** The week the period ends in: the current one, as the site always asks up to now. */
export const currentWeekOf = (weeks: readonly StatisticsFigures[]): StatisticsFigures | undefined => weeks.at(-1);
