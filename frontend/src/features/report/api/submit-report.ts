import { z } from 'zod';
import { apiRequest, parseResponse } from '@/lib/api-client';

/** Spec §3 and §7: the multipart fields of POST /api/report. */
export interface ReportSubmission {
  reporterName: string;
  reporterPhone: string;
  size: string;
  elevation: string;
  address: string;
  /** The picked suggestion's id, so the gateway resolves exactly that place without a second lookup. */
  placeId?: string;
  recaptchaToken: string;
  idempotencyId: string;
  image?: File | null;
  internalNote?: string;
  /** Sent after the reporter confirms a second report at an address reported in the last 3 days. */
  confirmDuplicate?: boolean;
  /** The checkbox 'Text me when a beekeeper is on the way': always sent, 'true' or 'false'. */
  reporterUpdates: boolean;
}

export interface ReportSubmitted {
  reportId: string;
  /** 208: a swarm at this address was already reported and nothing new was created. */
  alreadyReported: boolean;
}

export const REPORT_ALREADY_REPORTED_STATUS = 208;

export function toReportFormData(submission: ReportSubmission): FormData {
  const form = new FormData();
  form.append('reporterName', submission.reporterName);
  form.append('reporterPhone', submission.reporterPhone);
  form.append('size', submission.size);
  form.append('elevation', submission.elevation);
  form.append('address', submission.address);
  if (submission.placeId) form.append('placeId', submission.placeId);
  form.append('recaptchaToken', submission.recaptchaToken);
  form.append('idempotencyId', submission.idempotencyId);
  form.append('reporterUpdates', submission.reporterUpdates ? 'true' : 'false');
  if (submission.internalNote) form.append('internalNote', submission.internalNote);
  if (submission.confirmDuplicate) form.append('confirmDuplicate', 'true');
  // The file goes last so the gateway has read every text field before it streams the image.
  if (submission.image) form.append('image', submission.image, submission.image.name);
  return form;
}

/** POST /api/report: 201 {reportId}; 208 {message, reportId} names the report already made at that address. */
export const submitReportResponseSchema = z.object({ reportId: z.string().min(1), message: z.string().optional() });

export async function submitReport(submission: ReportSubmission): Promise<ReportSubmitted> {
  const { status, data } = await apiRequest<unknown>('/report', { method: 'POST', body: toReportFormData(submission) });
  const { reportId } = parseResponse(submitReportResponseSchema, data, 'POST /api/report');
  return { reportId, alreadyReported: status === REPORT_ALREADY_REPORTED_STATUS };
}
