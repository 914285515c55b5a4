import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { claimOutcomes, swarmSizes } from '@swarm/proto/labels';
import { memberReportMessages } from '@swarm/proto/labels/answers';
import { isReportId } from '@swarm/proto/labels/report-id';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { memberIdOf } from '../auth/member-session.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { HttpError, parseInput } from '../mappers/http-errors.js';

export const MESSAGES = {
  claimed: 'Successfully claimed report!',
  unclaimed: 'Report has been unclaimed',
  markedBad: 'Report has been marked as bad',
  notFound: memberReportMessages.notFound,
  reportIdRequired: 'A valid report id is required.',
  outcomeRecorded: 'The outcome has been recorded.',
} as const;

const reportIdField = z.string({ error: MESSAGES.reportIdRequired }).trim().refine(isReportId, MESSAGES.reportIdRequired);
const unclaimBody = z.object({ reportId: reportIdField });
// The reason and the outcome are the report service's to judge: anything but text is sent as none.
const badBody = z.object({ reportId: reportIdField, reason: z.string().catch('') });
const outcomeBody = z.object({ outcome: z.string().catch('') });
const imageQuery = z.object({ variant: z.enum(['thumbnail']).optional() });

function reportIdParam(request: FastifyRequest): string {
  const id = (request.params as { id?: unknown }).id;
  if (typeof id !== 'string' || !isReportId(id)) throw new HttpError(404, MESSAGES.notFound);
  return id;
}

const iso = (timestamp: Timestamp | undefined) => (timestamp ? timestampDate(timestamp).toISOString() : null);
const imageUrls = (reportId: string, hasImage: boolean) => ({
  imageUrl: hasImage ? `/api/member/report/${reportId}/image` : null,
  thumbnailUrl: hasImage ? `/api/member/report/${reportId}/image?variant=thumbnail` : null,
});

type ActiveReport = Awaited<ReturnType<ServiceClients['report']['listActiveReportsForMember']>>['reports'][number];
type ClaimedReport = Awaited<ReturnType<ServiceClients['report']['listClaimedReportsForMember']>>['reports'][number];

/** An active report the member was alerted about, as the member area lists it. */
export function activeReportView(report: ActiveReport) {
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
export function claimedReportView(report: ClaimedReport) {
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
  app.get('/api/member/report/active', async (request, reply) => {
    const { reports } = await clients.report.listActiveReportsForMember({ memberId: memberIdOf(request) });
    return reply.header('cache-control', 'no-store').send(reports.map(activeReportView));
  });

  app.get('/api/member/report/claimed', async (request, reply) => {
    const { reports } = await clients.report.listClaimedReportsForMember({ memberId: memberIdOf(request) });
    return reply.header('cache-control', 'no-store').send(reports.map(claimedReportView));
  });

  // A GET that changes state (the spec's call): the cross-site hook only guards other methods, so a claim another
  // site makes the browser send (an <img> pointing here) is refused here.
  app.get('/api/member/report/:id/claim', async (request, reply) => {
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, 'Cross-site requests are not allowed.');
    const reportId = reportIdParam(request);
    await clients.report.claimReport({ reportId, memberId: memberIdOf(request) });
    // Claiming a report you already hold succeeds too: a double click is not an error.
    return reply.header('cache-control', 'no-store').send({ message: MESSAGES.claimed });
  });

  app.put('/api/member/report/unclaim', async (request, reply) => {
    const { reportId } = parseInput(unclaimBody, request.body);
    await clients.report.unclaimReport({ reportId, memberId: memberIdOf(request) });
    return reply.send({ message: MESSAGES.unclaimed });
  });

  app.put('/api/member/report/bad', async (request, reply) => {
    const { reportId, reason } = parseInput(badBody, request.body);
    await clients.report.markReportBad({ reportId, memberId: memberIdOf(request), reason });
    return reply.send({ message: MESSAGES.markedBad });
  });

  // What became of a claimed swarm: the claimer records or changes it at any time after the claim.
  app.post('/api/member/report/:id/outcome', async (request, reply) => {
    const reportId = reportIdParam(request);
    const { outcome } = parseInput(outcomeBody, request.body);
    await clients.report.recordClaimOutcome({ reportId, memberId: memberIdOf(request), outcome });
    return reply.send({ message: MESSAGES.outcomeRecorded });
  });

  app.get('/api/member/report/:id/image', async (request, reply) => {
    const reportId = reportIdParam(request);
    const query = imageQuery.safeParse(request.query ?? {});
    if (!query.success) throw new HttpError(404, MESSAGES.notFound);
    const image = await clients.report.getReportImage({ reportId, memberId: memberIdOf(request), thumbnail: query.data.variant === 'thumbnail' });
    // Private: only this member may see it, so no shared cache may keep it.
    return reply
      .header('content-type', image.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', 'inline')
      .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
  });
}
