import { ConnectError } from '@connectrpc/connect';
import { domainErrorCode, fieldViolations } from '@swarm/runtime';
import { apiRoutes } from '@swarm/api-contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BotCheck } from '../bot-check/bot-check.js';
import type { VerifiedSubmissions } from '../bot-check/recently-verified.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { GENERIC_MESSAGE, HttpError } from '../mappers/http-errors.js';
import type { ClientRateLimiter } from '../rate-limit/rate-limits.js';
import { contractRoute } from './contract-route.js';
import { refuseOverLimit } from './over-limit.js';
import { sniffImage } from './report-image.js';

/** Spec §8: the statuses the report form turns into its messages. */
const reportMessages = {
  404: "We couldn't find any available beekeepers using our service in your area.",
  409: 'This report has already been successfully submitted.',
  413: 'The image you are uploading is too big. Please select a smaller image.',
  422: 'Please select an address from the dropdown list.',
  429: "Failed to verify that you're a human. Refresh the page and try again.",
} satisfies Partial<Record<number, string>>;

const DUPLICATE_MESSAGE = 'A swarm at this address has already been successfully reported.';
const NOT_A_PICTURE = 'The file is not a picture. Please select a JPEG, PNG, WebP, GIF or HEIC image.';
const TOO_MANY_REPORTS = 'Too many reports from this connection. Please wait a while and try again.';

/** The report form's text fields; the report service checks them. */
const REPORT_TEXT_FIELDS = ['reporterName', 'reporterPhone', 'size', 'elevation', 'address', 'recaptchaToken', 'idempotencyId', 'internalNote'];

/** Form fields read besides the report's own: the "Yes" of the duplicate dialog, and the picked suggestion's id. */
export const CONFIRM_DUPLICATE_FIELD = 'confirmDuplicate';
export const PLACE_ID_FIELD = 'placeId';
/** The checkbox 'Text me when a beekeeper is on the way': 'true' or 'false', false when not sent. */
export const REPORTER_UPDATES_FIELD = 'reporterUpdates';
export const REPORTER_UPDATES_VIOLATION = "reporterUpdates must be 'true' or 'false'";

const MAX_FIELD_BYTES = 8 * 1024;

export type ReportRouteDependencies = {
  clients: ServiceClients;
  botCheck: BotCheck;
  /** Submissions that passed the bot check a moment ago, shared by the gateway's replicas. */
  verifiedSubmissions: VerifiedSubmissions;
  rateLimiter: ClientRateLimiter;
  reportImageMaxBytes: number;
};

export function reportRoutes(app: FastifyInstance, dependencies: ReportRouteDependencies): void {
  const { clients, botCheck, rateLimiter, verifiedSubmissions } = dependencies;

  const api = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Spec §7 POST /report. The gateway reads the multipart body within its limits and judges the picture's bytes;
   * every rule of the form is the report service's. A validate-only call comes first, so the bot check (a paid
   * provider) only sees well-formed reports; the report service then places the address with its own geocoder.
   */
  api.route({
    ...contractRoute(apiRoutes.submitReport, { errorMessages: reportMessages }),
    preValidation: refuseOverLimit(rateLimiter, TOO_MANY_REPORTS),
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'A report is sent as multipart/form-data.');
      const { fields, image } = await readReportParts(request, dependencies.reportImageMaxBytes);
      const form = {
        idempotencyId: fields.idempotencyId ?? '',
        reporterName: fields.reporterName ?? '',
        reporterPhone: fields.reporterPhone ?? '',
        size: fields.size ?? '',
        elevation: fields.elevation ?? '',
        address: fields.address ?? '',
        internalNote: fields.internalNote ?? '',
        recaptchaToken: fields.recaptchaToken ?? '',
        placeId: fields[PLACE_ID_FIELD]?.trim() ?? '',
      };
      const reporterUpdates = readReporterUpdates(fields[REPORTER_UPDATES_FIELD]);
      // The checkbox's value is the gateway's to read (the service takes a boolean); a broken one joins the form's
      // other broken rules in one answer.
      await clients.report.submitReport({ ...form, validateOnly: true }).then(
        () => {
          if (reporterUpdates === undefined) throw new HttpError(400, REPORTER_UPDATES_VIOLATION, [REPORTER_UPDATES_VIOLATION]);
        },
        (error: unknown) => {
          const violations = error instanceof ConnectError ? fieldViolations(error) : [];
          if (reporterUpdates === undefined && violations.length > 0) {
            throw new HttpError(400, violations[0] ?? REPORTER_UPDATES_VIOLATION, [...violations, REPORTER_UPDATES_VIOLATION]);
          }
          return rethrowAsReportError(error);
        },
      );
      if (image && !sniffImage(image)) throw new HttpError(415, NOT_A_PICTURE);

      const idempotencyId = form.idempotencyId.trim();
      const recaptchaToken = form.recaptchaToken.trim();
      if (!(await verifiedSubmissions.has(idempotencyId, recaptchaToken))) {
        const verdict = await botCheck.verify(recaptchaToken, 'report', request.ip);
        if (!verdict.ok) {
          request.log.info({ reason: verdict.reason }, 'report refused by the bot check');
          throw new HttpError(429, reportMessages[429]);
        }
        await verifiedSubmissions.remember(idempotencyId, recaptchaToken);
      }

      const result = await clients.report
        .submitReport({ ...form, image: image ?? new Uint8Array(), confirmDuplicate: isYes(fields[CONFIRM_DUPLICATE_FIELD]), reporterUpdates: reporterUpdates === true })
        .catch((error: unknown) => {
          if (error instanceof ConnectError && domainErrorCode(error) === 'REPORT.CLAIM_CODES_EXHAUSTED') {
            // Not the reporter's doing, and no retry helps until live reports end: the operators must hear of it.
            request.log.error({ err: error }, 'report refused: every claim code is held by a live report');
          }
          return rethrowAsReportError(error);
        });
      if (result.replayed) return reply.code(409).send({ message: reportMessages[409], reportId: result.reportId });
      if (result.duplicate) return reply.code(208).send({ message: DUPLICATE_MESSAGE, reportId: result.reportId });
      return reply.code(201).send({ reportId: result.reportId });
    },
  });

  /** Spec §7 GET /report/{reportId}/associations: who was alerted, for the thank-you page. */
  api.route({
    ...contractRoute(apiRoutes.getReportAssociations, {
      errorMessages: { 404: 'Report not found.' },
      invalidRequest: () => new HttpError(400, 'This is not a report id.'),
    }),
    handler: async (request) => {
      const { associations } = await clients.report.listReportAssociations({ reportId: request.params.reportId });
      return associations.map(({ name, donationUrl }) => ({ name, donationUrl: donationUrl || null }));
    },
  });
}

/** 'true' or 'false' (absent: false); undefined for anything else, which the form never sends. */
function readReporterUpdates(value: string | undefined): boolean | undefined {
  switch (value?.trim() ?? 'false') {
    case 'true':
      return true;
    case 'false':
      return false;
    default:
      return undefined;
  }
}

function isYes(value: string | undefined): boolean {
  return value?.trim() === 'true' || value?.trim() === '1';
}

/** The report service's rule codes that have their own status on this route. */
function rethrowAsReportError(error: unknown): never {
  throw reportError(error);
}

function reportError(error: unknown): unknown {
  if (!(error instanceof ConnectError)) return error;
  switch (domainErrorCode(error)) {
    case 'GEOCODER.UNAVAILABLE':
      return new HttpError(503, 'The address service is not available right now. Please try again in a moment.');
    case 'REPORT.INVALID_IMAGE':
      return new HttpError(415, NOT_A_PICTURE);
    case 'REPORT.IMAGE_TOO_LARGE':
      return new HttpError(413, reportMessages[413]);
    case 'REPORT.ADDRESS_UNRESOLVED':
      return new HttpError(422, reportMessages[422]);
    case 'REPORT.CLAIM_CODES_EXHAUSTED':
      return new HttpError(503, GENERIC_MESSAGE);
    default:
      return error;
  }
}

/** Field names that would reach an object's prototype if a parser ever used them as keys. */
const PROTOTYPE_NAMES = new Set(['__proto__', 'constructor', 'prototype']);
const MALFORMED_FORM = 'The report form could not be read: it is not well-formed multipart/form-data.';

/**
 * Reads the multipart body within its limits: an image over the size limit is refused with 413 before any service
 * is called. Anything the parser cannot read is the sender's mistake, answered 400 (or 413), never 500.
 */
async function readReportParts(
  request: FastifyRequest,
  imageMaxBytes: number,
): Promise<{ fields: Partial<Record<string, string>>; image: Uint8Array | undefined }> {
  const fields: Partial<Record<string, string>> = {};
  let image: Uint8Array | undefined;
  const known = new Set<string>([...REPORT_TEXT_FIELDS, CONFIRM_DUPLICATE_FIELD, PLACE_ID_FIELD, REPORTER_UPDATES_FIELD]);
  try {
    if (!hasValidBoundary(request.headers['content-type'])) throw new HttpError(400, MALFORMED_FORM);
    for await (const part of request.parts({ limits: { fileSize: imageMaxBytes, files: 1, fields: 20, fieldSize: MAX_FIELD_BYTES, parts: 21 } })) {
      if (part.fieldname === '' || PROTOTYPE_NAMES.has(part.fieldname)) throw new HttpError(400, 'A form field has no usable name.');
      if (part.type === 'file') {
        if (part.fieldname !== 'image') throw new HttpError(400, `Unexpected file field '${part.fieldname}'.`);
        const bytes = new Uint8Array(await part.toBuffer());
        // A file input left empty still sends a part with no bytes: that is "no picture".
        image = bytes.length > 0 ? bytes : undefined;
      } else if (known.has(part.fieldname)) {
        if (part.valueTruncated) throw new HttpError(400, `The field ${part.fieldname} is too long.`);
        if (fields[part.fieldname] !== undefined) throw new HttpError(400, `The field ${part.fieldname} is sent more than once.`);
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const refusal = multipartRefusal(error);
    request.log.info({ reason: refusal.message, parserError: error instanceof HttpError ? undefined : errorCodeOf(error) }, 'report form refused');
    throw refusal;
  }
  return { fields, image };
}

/** RFC 2046: a boundary is 1 to 70 characters of a restricted set, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,./:=? -]{0,69}[0-9A-Za-z'()+_,./:=?-]$/;

function hasValidBoundary(contentType: string | undefined): boolean {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  return boundary !== undefined && BOUNDARY.test(boundary);
}

function errorCodeOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** What the sender is told when the body cannot be read: the multipart parser's errors are all the client's doing. */
function multipartRefusal(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  switch (errorCodeOf(error)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, 'The image is too big.');
    case 'FST_FILES_LIMIT':
      return new HttpError(400, 'A report carries at most one picture.');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(400, 'The report form has too many fields.');
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, 'A form field has no usable name.');
    default:
      // Truncated bodies, missing or foreign boundaries, broken part headers, a connection closed mid-upload.
      return new HttpError(400, MALFORMED_FORM);
  }
}
