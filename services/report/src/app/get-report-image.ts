import { isGone } from '../domain/claim.js';
import { ReportError } from '../domain/report-error.js';
import type { ImageStore, ReportRepository } from './ports.js';

/** A report's picture or thumbnail, served only to members alerted about the report (issue 6: the reporter's photo is not public). */
export class GetReportImage {
  constructor(private readonly ports: { reports: ReportRepository; images: ImageStore }) {}

  async execute(reportId: string, memberId: string, thumbnail: boolean): Promise<{ bytes: Uint8Array; contentType: string }> {
    const [report, alert] = await Promise.all([this.ports.reports.findById(reportId), this.ports.reports.findAlert(reportId, memberId)]);
    if (!report || isGone(report)) throw new ReportError('REPORT.NOT_FOUND', 'report not found');
    if (!alert) throw new ReportError('REPORT.NOT_ALERTED', 'only members alerted about this report may see its picture');
    const name = report.image && (thumbnail ? report.image.thumbnailName : report.image.imageName);
    const image = name ? await this.ports.images.find(name) : undefined;
    if (!image) throw new ReportError('REPORT.NO_IMAGE', 'this report has no picture');
    return { bytes: image.bytes, contentType: image.contentType };
  }
}
