import { ReporterDataErasedEvent, subscribeTo, type EventBus, type Subscription } from '@swarm/runtime';
import type { ForgetReporterData } from '../../app/forget-reporter-data.js';
import { NOTIFICATION_CONSUMER } from './report-submitted-subscriber.js';

/** Erases this service's copies of a report's reporter data once the report service erased its own. */
export function subscribeToReporterDataErasures(bus: EventBus, forget: ForgetReporterData): Promise<Subscription> {
  return subscribeTo(bus, NOTIFICATION_CONSUMER, ReporterDataErasedEvent, async (event) => {
    // Without an id there is nothing to erase; acknowledged rather than redelivered for ever.
    if (!event.reportId) return;
    await forget.execute({ reportId: event.reportId });
  });
}
