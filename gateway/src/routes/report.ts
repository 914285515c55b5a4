import { ConnectError } from '@connectrpc/connect';
import { submissionMessages } from '@swarm/proto/labels/answers';
import { domainErrorCode } from '@swarm/runtime';
import { apiRoutes } from '@swarm/api-contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BotCheck } from '../bot-check/bot-check.js';
import type { VerifiedSubmissions } from '../bot-check/recently-verified.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { HttpError } from '../mappers/http-errors.js';
import type { ClientRateLimiter } from '../rate-limit/rate-limits.js';
import { contractRoute } from './contract-route.js';
import { refuseOverLimit } from './over-limit.js';
import { sniffImage } from './report-image.js';

/** Spec §8: the statuses the report form turns into its messages, for refusals made before the route reads the form. */
const reportMessages = {
  404: submissionMessages.noBeekeepers,
  409: submissionMessages.alreadySubmitted,
  413: submissionMessages.imageTooBig,
  422: submissionMessages.addressUnresolved,
  429: submissionMessages.notHuman,
} satisfies Partial<Record<number, string>>;
const TOO_MANY_REPORTS = 'Too many reports from this connection. Please wait a while and try again.';

/** The report form's text fields; the report service checks them. */
const REPORT_TEXT_FIELDS = ['reporterName', 'reporterPhone', 'size', 'elevation', 'address', 'recaptchaToken', 'idempotencyId', 'internalNote'];

/** Form fields read besides the report's own: the "Yes" of the duplicate dialog, and the picked suggestion's id. */
export const CONFIRM_DUPLICATE_FIELD = 'confirmDuplicate';
export const PLACE_ID_FIELD = 'placeId';
/** The checkbox 'Text me when a beekeeper is on the way': 'true' or 'false', false when not sent. */
export const REPORTER_UPDATES_FIELD = 'reporterUpdates';
/** The site's language the reporter used ('en' or 'es', English when not sent): the reporter's texts go in it. */
export const REPORTER_LANGUAGE_FIELD = 'reporterLanguage';

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
   * provider) only sees well-formed reports; the report service then places the address with its own geocoder. The
   * service's refusals are answered by the error table (the spec's messages for 404, 409, 413 and 422).
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
        reporterUpdates: fields[REPORTER_UPDATES_FIELD],
        reporterLanguage: fields[REPORTER_LANGUAGE_FIELD],
      };
      await clients.report.submitReport({ ...form, validateOnly: true });
      if (image && !sniffImage(image)) throw new HttpError(415, submissionMessages.notAPicture);

      const idempotencyId = form.idempotencyId.trim();
      const recaptchaToken = form.recaptchaToken.trim();
      if (!(await verifiedSubmissions.has(idempotencyId, recaptchaToken))) {
        const verdict = await botCheck.verify(recaptchaToken, 'report', request.ip);
        if (!verdict.ok) {
          request.log.info({ reason: verdict.reason }, 'report refused by the bot check');
          throw new HttpError(429, submissionMessages.notHuman);
        }
        await verifiedSubmissions.remember(idempotencyId, recaptchaToken);
      }

      const result = await clients.report
        .submitReport({ ...form, image: image ?? new Uint8Array(), confirmDuplicate: isYes(fields[CONFIRM_DUPLICATE_FIELD]) })
        .catch((error: unknown) => {
          if (error instanceof ConnectError && domainErrorCode(error) === 'REPORT.CLAIM_CODES_EXHAUSTED') {
            // Not the reporter's doing, and no retry helps until live reports end: the operators must hear of it.
            request.log.error({ err: error }, 'report refused: every claim code is held by a live report');
          }
          throw error;
        });
      if (result.replayed) return reply.code(409).send({ message: submissionMessages.alreadySubmitted, reportId: result.reportId });
      if (result.duplicate) return reply.code(208).send({ message: submissionMessages.alreadyReported, reportId: result.reportId });
      return reply.code(201).send({ reportId: result.reportId });
    },
  });

  /** Spec §7 GET /report/{reportId}/associations: who was alerted, for the thank-you page. */
  api.route({
    ...contractRoute(apiRoutes.getReportAssociations, { invalidRequest: () => new HttpError(400, 'This is not a report id.') }),
    handler: async (request) => {
      const { associations } = await clients.report.listReportAssociations({ reportId: request.params.reportId });
      return associations.map(({ name, donationUrl }) => ({ name, donationUrl: donationUrl || null }));
    },
  });
}

function isYes(value: string | undefined): boolean {
  return value?.trim() === 'true' || value?.trim() === '1';
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
  const known = new Set<string>([...REPORT_TEXT_FIELDS, CONFIRM_DUPLICATE_FIELD, PLACE_ID_FIELD, REPORTER_UPDATES_FIELD, REPORTER_LANGUAGE_FIELD]);
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
      return new HttpError(413, submissionMessages.imageTooBig);
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
