import type { AssociationStatistics, StatisticsFigures } from '@/features/association-statistics/api/get-association-statistics';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The outcome counts as the gateway lists them: the five outcomes in order, then those with none recorded. */
export function outcomeCounts(
  counts: { captured?: number; gone?: number; notHoneyBees?: number; couldNotReach?: number; other?: number; unrecorded?: number } = {},
): StatisticsFigures['outcomes'] {
  return [
    { outcome: 'Captured', count: counts.captured ?? 0 },
    { outcome: 'Gone before arrival', count: counts.gone ?? 0 },
    { outcome: 'Not honey bees', count: counts.notHoneyBees ?? 0 },
    { outcome: 'Could not reach', count: counts.couldNotReach ?? 0 },
    { outcome: 'Other', count: counts.other ?? 0 },
    { outcome: null, count: counts.unrecorded ?? 0 },
  ];
}

/** One week's figures as the gateway answers them, nothing happened unless given. */
export function statisticsWeek(periodStart: string, figures: Partial<StatisticsFigures> = {}): StatisticsFigures {
  const start = new Date(periodStart);
  return {
    periodStart: start.toISOString(),
    periodEnd: new Date(start.getTime() + 7 * DAY_MS).toISOString(),
    reportsAlerted: 0,
    reportsClaimed: 0,
    medianMinutesToFirstClaim: null,
    p90MinutesToFirstClaim: null,
    outcomes: outcomeCounts(),
    reportsExpired: 0,
    reportsDeparted: 0,
    alertsSent: 0,
    alertsCostCents: 0,
    alertsByChannel: { text: 0, notification: 0, email: 0 },
    alertsCostByTextCents: 0,
    reporterTexts: 0,
    ...figures,
  };
}

/**
 * GET /api/member/company/{companyId}/statistics for two weeks from Monday 2026-03-02: a busy one (4 alerted, 3
 * claimed) and a quiet one (1 alerted, none claimed), and their total.
 */
export function statisticsAnswer(overrides: Partial<AssociationStatistics> = {}): AssociationStatistics {
  return {
    companyId: 'c-1',
    since: '2026-03-02T00:00:00.000Z',
    until: '2026-03-16T00:00:00.000Z',
    weeks: [
      statisticsWeek('2026-03-02T00:00:00.000Z', {
        reportsAlerted: 4,
        reportsClaimed: 3,
        medianMinutesToFirstClaim: 12.5,
        p90MinutesToFirstClaim: 41,
        outcomes: outcomeCounts({ captured: 2, notHoneyBees: 1 }),
        reportsExpired: 1,
        alertsSent: 12,
        alertsCostCents: 56,
        alertsByChannel: { text: 8, notification: 6, email: 1 },
        alertsCostByTextCents: 84,
        reporterTexts: 5,
      }),
      statisticsWeek('2026-03-09T00:00:00.000Z', {
        reportsAlerted: 1,
        reportsExpired: 1,
        reportsDeparted: 1,
        alertsSent: 2,
        alertsCostCents: 14,
        alertsByChannel: { text: 2, notification: 0, email: 0 },
        alertsCostByTextCents: 14,
      }),
    ],
    total: {
      ...statisticsWeek('2026-03-02T00:00:00.000Z', {
        reportsAlerted: 5,
        reportsClaimed: 3,
        medianMinutesToFirstClaim: 12.5,
        p90MinutesToFirstClaim: 41,
        outcomes: outcomeCounts({ captured: 2, notHoneyBees: 1 }),
        reportsExpired: 2,
        reportsDeparted: 1,
        alertsSent: 14,
        alertsCostCents: 70,
        alertsByChannel: { text: 10, notification: 6, email: 1 },
        alertsCostByTextCents: 98,
        reporterTexts: 5,
      }),
      periodEnd: '2026-03-16T00:00:00.000Z',
    },
    ...overrides,
  };
}
