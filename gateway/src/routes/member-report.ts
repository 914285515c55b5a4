import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { claimOutcomes, swarmSizes } from '@swarm/proto/labels';
import { memberReportMessages } from '@swarm/proto/labels/answers';
import { MEMBER_REPORT_INPUT_MESSAGES, type ActiveReport, type ClaimedReport } from '@swarm/api-contract/member-reports';
import { apiRoutes } from '@swarm/api-contract/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberIdOf } from '../auth/member-session.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { HttpError } from '../mappers/http-errors.js';
import { refusalBySchema } from '../mappers/invalid-request.js';
import { contractRoute } from './contract-route.js';

export const MESSAGES = {
  ...MEMBER_REPORT_INPUT_MESSAGES,
  claimed: 'Successfully claimed report!',
  unclaimed: 'Report has been unclaimed',
  markedBad: 'Report has been marked as bad',
  notFound: memberReportMessages.notFound,
  outcomeRecorded: 'The outcome has been recorded.',
} as const;

/** An id in the path that cannot name a report, or a picture variant that does not exist: nothing to find. */
const notFound = () => new HttpError(404, MESSAGES.notFound);

const iso = (timestamp: Timestamp | undefined) => (timestamp ? timestampDate(timestamp).toISOString() : null);
const imageUrls = (reportId: string, hasImage: boolean) => ({
  imageUrl: hasImage ? `/api/member/report/${reportId}/image` : null,
  thumbnailUrl: hasImage ? `/api/member/report/${reportId}/image?variant=thumbnail` : null,
});

type ActiveReportRecord = Awaited<ReturnType<ServiceClients['report']['listActiveReportsForMember']>>['reports'][number];
type ClaimedReportRecord = Awaited<ReturnType<ServiceClients['report']['listClaimedReportsForMember']>>['reports'][number];

/** An active report the member was alerted about, as the member area lists it. */
export function activeReportView(report: ActiveReportRecord): ActiveReport {
  return {
    reportId: report.reportId,
    dateCreated: iso(report.createdAt),
    ...imageUrls(report.reportId, report.hasImage),
    claimCode: report.claimCode,
    note: report.note,
    size: swarmSizes.label(report.size) ?? '',
    elevation: report.elevationFeet,
    distanceFromHome: Math.round(report.distanceMiles * 100) / 100,
  };
}

/** A report the member claimed, as the member area lists it. */
export function claimedReportView(report: ClaimedReportRecord): ClaimedReport {
  return {
    reportId: report.reportId,
    dateCreated: iso(report.createdAt),
    dateClaimed: iso(report.claimedAt),
    ...imageUrls(report.reportId, report.hasImage),
    claimCode: report.claimCode,
    note: report.note,
    size: swarmSizes.label(report.size) ?? '',
    elevation: report.elevationFeet,
    canUnClaim: report.canUnclaim,
    companyName: report.companyName,
    outcome: claimOutcomes.label(report.outcome) ?? null,
  };
}

/**
 * The member area's Active and Claimed Swarms (spec §7): lists, claim, un-claim, mark as bad, the claim's outcome,
 * and the report pictures. Behind the session check every /api/member/ route passes (routes/auth.ts).
 */
export function memberReportRoutes(app: FastifyInstance, clients: ServiceClients): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(apiRoutes.listActiveReports),
    handler: async (request, reply) => {
      const { reports } = await clients.report.listActiveReportsForMember({ memberId: memberIdOf(request) });
      return reply.header('cache-control', 'no-store').send(reports.map(activeReportView));
    },
  });

  api.route({
    ...contractRoute(apiRoutes.listClaimedReports),
    handler: async (request, reply) => {
      const { reports } = await clients.report.listClaimedReportsForMember({ memberId: memberIdOf(request) });
      return reply.header('cache-control', 'no-store').send(reports.map(claimedReportView));
    },
  });

  // A GET that changes state (the spec's call): the cross-site hook only guards other methods, so a claim another
  // site makes the browser send (an <img> pointing here) is refused here, before anything else is said of it.
  api.route({
    ...contractRoute(apiRoutes.claimReport, { invalidRequest: notFound }),
    preValidation: refuseCrossSiteClaim,
    handler: async (request, reply) => {
      const { id: reportId } = request.params;
      await clients.report.claimReport({ reportId, memberId: memberIdOf(request) });
      // Claiming a report you already hold succeeds too: a double click is not an error.
      return reply.header('cache-control', 'no-store').send({ message: MESSAGES.claimed });
    },
  });

  api.route({
    ...contractRoute(apiRoutes.unclaimReport),
    handler: async (request, reply) => {
      const { reportId } = request.body;
      await clients.report.unclaimReport({ reportId, memberId: memberIdOf(request) });
      return reply.send({ message: MESSAGES.unclaimed });
    },
  });

  api.route({
    ...contractRoute(apiRoutes.markReportBad),
    handler: async (request, reply) => {
      const { reportId, reason } = request.body;
      await clients.report.markReportBad({ reportId, memberId: memberIdOf(request), reason });
      return reply.send({ message: MESSAGES.markedBad });
    },
  });

  // What became of a claimed swarm: the claimer records or changes it at any time after the claim.
  api.route({
    ...contractRoute(apiRoutes.recordOutcome, { invalidRequest: (request, part) => (part === 'params' ? notFound() : refusalBySchema(request, part)) }),
    handler: async (request, reply) => {
      const { id: reportId } = request.params;
      const { outcome } = request.body;
      await clients.report
        .recordClaimOutcome({ reportId, memberId: memberIdOf(request), outcome })
        ;
      return reply.send({ message: MESSAGES.outcomeRecorded });
    },
  });

  api.route({
    ...contractRoute(apiRoutes.getReportImage, { invalidRequest: notFound }),
    handler: async (request, reply) => {
      const { id: reportId } = request.params;
      const image = await clients.report
        .getReportImage({ reportId, memberId: memberIdOf(request), thumbnail: request.query.variant === 'thumbnail' })
        ;
      // Private: only this member may see it, so no shared cache may keep it.
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', 'inline')
        .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
    },
  });
}

async function refuseCrossSiteClaim(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, 'Cross-site requests are not allowed.');
}
