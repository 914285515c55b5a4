import type { LanguageLabel } from '@swarm/proto/labels';
import { reportReplayed, reportSubmissionAnswer } from '@swarm/api-contract/report';
import { ApiError, apiUpload, ConnectionLostError, parseResponse } from '@/lib/api-client';

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
  /** The site's language the reporter used: the texts they get are in it. Absent: English. */
  reporterLanguage?: LanguageLabel;
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
  if (submission.reporterLanguage) form.append('reporterLanguage', submission.reporterLanguage);
  if (submission.internalNote) form.append('internalNote', submission.internalNote);
  if (submission.confirmDuplicate) form.append('confirmDuplicate', 'true');
  // The file goes last so the gateway has read every text field before it streams the image.
  if (submission.image) form.append('image', submission.image, submission.image.name);
  return form;
}

/** POST /api/report: 201 {reportId}; 208 {message, reportId} names the report already made at that address. */
export const submitReportResponseSchema = reportSubmissionAnswer;

/** Where a submission is, for the reporter to see. */
export type SubmissionProgress =
  | { phase: 'preparing-picture' }
  | { phase: 'sending'; percent: number }
  | { phase: 'connection-lost'; waitingForSignal: boolean };

/** Waits after a dropped connection before each new try: a few quick ones, then about half a minute in all. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000];

export interface SubmitReportOptions {
  onProgress?: (progress: SubmissionProgress) => void;
  /** A fresh bot-check token for each try: a token is short-lived and a retry may come minutes later. */
  botCheckToken: () => Promise<string>;
  retryDelaysMs?: readonly number[];
}

/**
 * Sends the report with upload progress. A connection lost before the answer is tried again with the same
 * idempotencyId, after waiting for the signal to return when the phone is offline: the report service replays a known
 * id, so a retry never makes a second report. A retry answered 409 with a report id means an earlier try was stored
 * and only its answer was lost: the report went.
 */
export async function submitReport(submission: Omit<ReportSubmission, 'recaptchaToken'>, options: SubmitReportOptions): Promise<ReportSubmitted> {
  const { onProgress, botCheckToken, retryDelaysMs = RETRY_DELAYS_MS } = options;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const body = toReportFormData({ ...submission, recaptchaToken: await botCheckToken() });
      onProgress?.({ phase: 'sending', percent: 0 });
      const { status, data } = await apiUpload<unknown>('/report', body, {
        onUploadProgress: (sent) => onProgress?.({ phase: 'sending', percent: Math.floor(sent * 100) }),
      });
      const { reportId } = parseResponse(submitReportResponseSchema, data, 'POST /api/report');
      return { reportId, alreadyReported: status === REPORT_ALREADY_REPORTED_STATUS };
    } catch (error) {
      const storedEarlier = attempt > 0 ? reportIdOfReplay(error) : undefined;
      if (storedEarlier) return { reportId: storedEarlier, alreadyReported: false };
      const delay = retryDelaysMs[attempt];
      if (!(error instanceof ConnectionLostError) || delay === undefined) throw error;
      onProgress?.({ phase: 'connection-lost', waitingForSignal: !navigator.onLine });
      await signalReturned();
      await sleep(delay);
    }
  }
}

/** The report id of a 409 that replays an idempotencyId already stored. */
function reportIdOfReplay(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const parsed = reportReplayed.safeParse(error.body);
  return parsed.success ? parsed.data.reportId : undefined;
}

function signalReturned(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
