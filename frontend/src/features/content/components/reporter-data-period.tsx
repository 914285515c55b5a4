import { DEFAULT_REPORTER_DATA_DAYS } from '@swarm/proto/labels';
import { useFormat } from '@/lib/i18n/page-intl';
import { usePublicConfig } from '@/lib/public-config';

/** '30 days', '1 day', or hours for a trial's period under a day, in the visitor's language. */
function periodOf(days: number, format: ReturnType<typeof useFormat>): string {
  if (days >= 1) return format('privacy.periodDays', { days: Math.round(days) });
  return format('privacy.periodHours', { hours: Math.max(1, Math.round(days * 24)) });
}

/** How long a reporter's details are kept: the gateway's setting, or the default named as the default. */
export function ReporterDataPeriod() {
  const days = usePublicConfig().data?.reporterDataDays;
  const format = useFormat();
  return <>{days ? periodOf(days, format) : format('privacy.standardPeriod', { days: DEFAULT_REPORTER_DATA_DAYS })}</>;
}
