import type { MultipartFile } from '@fastify/multipart';
import { SwarmSize } from '@swarm/proto/report/v1/report';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceClients } from '../clients/service-clients.js';
import { HttpError, replyWithError } from '../mappers/http-errors.js';
import { REPORT_TEXT_FIELDS, checkReportForm } from './report-form.js';

const protoSizes: Record<string, SwarmSize> = {
  Softball: SwarmSize.SOFTBALL,
  Basketball: SwarmSize.BASKETBALL,
  'Very Large': SwarmSize.VERY_LARGE,
};

/** Spec §8: the statuses the report form turns into its messages. */
const reportMessages: Partial<Record<number, string>> = {
  409: 'This report has already been successfully submitted.',
  413: 'The image you are uploading is too big. Please select a smaller image.',
  422: 'Please select an address from the dropdown list.',
  429: "Failed to verify that you're a human. Refresh the page and try again.",
};

const MAX_FIELD_BYTES = 8 * 1024;

export function reportRoutes(app: FastifyInstance, clients: ServiceClients, settings: { reportImageMaxBytes: number }): void {
  app.post('/api/report', async (request, reply) => {
    try {
      if (!request.isMultipart()) throw new HttpError(415, 'A report is sent as multipart/form-data.');
      const { fields } = await readReportParts(request, settings.reportImageMaxBytes);
      const checked = checkReportForm(fields);
      if (!checked.ok) throw new HttpError(400, checked.errors[0] ?? 'Error', checked.errors);
      const { form } = checked;
      const result = await clients.report.submitReport({
        idempotencyId: form.idempotencyId,
        reporterName: form.reporterName,
        reporterPhone: form.reporterPhone,
        size: protoSizes[form.size] ?? SwarmSize.UNSPECIFIED,
        elevationFeet: form.elevation,
        address: form.address,
        internalNote: form.internalNote,
      });
      if (result.replayed) return reply.code(409).send({ message: reportMessages[409], reportId: result.reportId });
      return reply.code(201).send({ reportId: result.reportId });
    } catch (error) {
      return replyWithError(reply, error, reportMessages);
    }
  });
}

/**
 * Reads the multipart body within its limits: an image over the size limit is refused with 413 before any service
 * is called. The image itself is not yet passed on to the report service.
 */
async function readReportParts(
  request: FastifyRequest,
  imageMaxBytes: number,
): Promise<{ fields: Partial<Record<string, string>>; image: { bytes: Buffer; mimeType: string } | undefined }> {
  const fields: Partial<Record<string, string>> = {};
  let image: { bytes: Buffer; mimeType: string } | undefined;
  const known = new Set<string>(REPORT_TEXT_FIELDS);
  for await (const part of request.parts({ limits: { fileSize: imageMaxBytes, files: 1, fields: 20, fieldSize: MAX_FIELD_BYTES, parts: 21 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'image') throw new HttpError(400, `Unexpected file field '${part.fieldname}'.`);
      image = { bytes: await readFile(part), mimeType: part.mimetype };
    } else if (known.has(part.fieldname)) {
      if (part.valueTruncated) throw new HttpError(400, `The field ${part.fieldname} is too long.`);
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, image };
}

async function readFile(part: MultipartFile): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'The image is too big.');
    throw error;
  }
}
