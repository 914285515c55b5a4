import type { InboundSmsRepository } from './ports/inbound.js';
import type { DispatchLog } from './ports/clock-and-log.js';
import type { DispatchRepository, SentTextRepository } from './ports/stores.js';

/**
 * On report.reporter_data_erased: this service's copies of the reporter's data go too. The messages from the reporter's
 * number and the texts to it forget the number, then the copy of the report forgets it (it is the key to the others,
 * so a redelivery after a stop in between finds it still) and keeps its place at the town's level. The town, times,
 * size, height, state and charges stay. Idempotent.
 */
export class ForgetReporterData {
  constructor(
    private readonly ports: { dispatches: DispatchRepository; sentTexts?: SentTextRepository | undefined; inboundMessages?: InboundSmsRepository | undefined; log: DispatchLog },
  ) {}

  async execute(event: { reportId: string }): Promise<void> {
    const dispatch = await this.ports.dispatches.findSummaryByReportId(event.reportId);
    if (dispatch?.reporterPhone) await this.ports.inboundMessages?.eraseSender(dispatch.reporterPhone);
    await this.ports.sentTexts?.eraseReporterDestinations(event.reportId);
    await this.ports.dispatches.eraseReporterData(event.reportId);
    this.ports.log.info({ reportId: event.reportId }, "reporter's data erased from notification");
  }
}
