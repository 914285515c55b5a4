import type { ConnectRouter } from '@connectrpc/connect';
import { ReportService } from '@swarm/proto/report/v1/report_service';
import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { claimOutcomes } from '@swarm/proto/labels';
import { connectErrorsFor } from '@swarm/runtime';
import type { ClaimReport } from '../../app/claim-report.js';
import type { GetClaimDetails } from '../../app/get-claim-details.js';
import type { GetReport } from '../../app/get-report.js';
import type { GetReportImage } from '../../app/get-report-image.js';
import type { ListActiveReportsForMember } from '../../app/list-active-reports-for-member.js';
import type { ListClaimedReportsForMember } from '../../app/list-claimed-reports-for-member.js';
import type { ListReportAssociations } from '../../app/list-report-associations.js';
import type { MarkReportBad } from '../../app/mark-report-bad.js';
import type { RecordAlert } from '../../app/record-alert.js';
import type { RecordClaimOutcome } from '../../app/record-claim-outcome.js';
import type { ListLiveReportsByReporter, LiveReportByReporter, MarkDepartedByReporter } from '../../app/reporter-reports.js';
import type { SubmitReport } from '../../app/submit-report.js';
import type { UnclaimReport } from '../../app/unclaim-report.js';
import type { ReportErrorCode } from '../../domain/report-error.js';
import { toProtoReport, toProtoSize, toProtoState } from './report-mapping.js';

/** The Connect code of each rule code is the error table's (@swarm/runtime); every code of this service has a row. */
const toConnect = connectErrorsFor<ReportErrorCode | 'GEOCODER.UNAVAILABLE'>();

export type ReportUseCases = {
  submitReport: SubmitReport;
  getReport: GetReport;
  listReportAssociations: ListReportAssociations;
  recordAlert: RecordAlert;
  claimReport: ClaimReport;
  unclaimReport: UnclaimReport;
  markReportBad: MarkReportBad;
  getClaimDetails: GetClaimDetails;
  listActiveReportsForMember: ListActiveReportsForMember;
  listClaimedReportsForMember: ListClaimedReportsForMember;
  getReportImage: GetReportImage;
  listLiveReportsByReporter: ListLiveReportsByReporter;
  markDepartedByReporter: MarkDepartedByReporter;
  recordClaimOutcome: RecordClaimOutcome;
};

const toProtoLiveReport = (report: LiveReportByReporter) => ({ ...report, state: toProtoState(report.state) });

/** Runs a handler, turning what a use case threw into the ConnectError its rule code maps to. */
async function mapped<T>(handler: () => Promise<T>): Promise<T> {
  try {
    return await handler();
  } catch (error) {
    throw toConnect(error);
  }
}

export function reportServiceRoutes(useCases: ReportUseCases) {
  return (router: ConnectRouter) => {
    router.service(ReportService, {
      async submitReport(request) {
        try {
          return await useCases.submitReport.execute({
            form: {
              idempotencyId: request.idempotencyId,
              reporterName: request.reporterName,
              reporterPhone: request.reporterPhone,
              size: request.size,
              elevation: request.elevation,
              address: request.address,
              recaptchaToken: request.recaptchaToken,
              internalNote: request.internalNote,
              reporterUpdates: request.reporterUpdates,
              reporterLanguage: request.reporterLanguage,
            },
            placeId: request.placeId,
            validateOnly: request.validateOnly,
            image: request.image,
            confirmDuplicate: request.confirmDuplicate,
          });
        } catch (error) {
          throw toConnect(error);
        }
      },
      async getReport(request) {
        try {
          return { report: toProtoReport(await useCases.getReport.execute(request.reportId)) };
        } catch (error) {
          throw toConnect(error);
        }
      },
      async listReportAssociations(request) {
        try {
          const associations = await useCases.listReportAssociations.execute(request.reportId);
          return { associations: associations.map(({ companyId, name, donationUrl }) => ({ companyId, name, donationUrl })) };
        } catch (error) {
          throw toConnect(error);
        }
      },
      recordAlert: (request) =>
        mapped(async () => {
          const { state } = await useCases.recordAlert.execute({
            reportId: request.reportId,
            memberId: request.memberId,
            companyId: request.companyId,
            companyName: request.companyName,
            distanceMiles: request.distanceMiles,
            alertedAt: request.alertedAt && timestampDate(request.alertedAt),
          });
          return { state: toProtoState(state) };
        }),
      claimReport: (request) => mapped(() => useCases.claimReport.execute(request.reportId, request.memberId)),
      claimReportByCode: (request) =>
        mapped(() => {
          const { alert } = request;
          const attached = alert && {
            reportId: alert.reportId,
            companyId: alert.companyId,
            companyName: alert.companyName,
            distanceMiles: alert.distanceMiles,
            alertedAt: alert.alertedAt && timestampDate(alert.alertedAt),
          };
          return useCases.claimReport.executeByCode(request.claimCode, request.memberId, attached);
        }),
      unclaimReport: (request) =>
        mapped(async () => {
          await useCases.unclaimReport.execute(request.reportId, request.memberId);
          return {};
        }),
      markReportBad: (request) =>
        mapped(async () => {
          await useCases.markReportBad.execute(request.reportId, request.memberId, request.reason);
          return {};
        }),
      getClaimDetails: (request) =>
        mapped(async () => {
          const details = await useCases.getClaimDetails.execute(request.reportId, request.memberId);
          return { ...details, size: toProtoSize(details.size), location: { ...details.location } };
        }),
      listActiveReportsForMember: (request) =>
        mapped(async () => {
          const reports = await useCases.listActiveReportsForMember.execute(request.memberId);
          return {
            reports: reports.map((report) => ({ ...report, createdAt: timestampFromDate(report.createdAt), size: toProtoSize(report.size) })),
          };
        }),
      listClaimedReportsForMember: (request) =>
        mapped(async () => {
          const reports = await useCases.listClaimedReportsForMember.execute(request.memberId);
          return {
            reports: reports.map((report) => ({
              ...report,
              createdAt: timestampFromDate(report.createdAt),
              claimedAt: timestampFromDate(report.claimedAt),
              size: toProtoSize(report.size),
              outcome: report.outcome ? claimOutcomes.valueOf(report.outcome) : undefined,
            })),
          };
        }),
      getReportImage: (request) => mapped(() => useCases.getReportImage.execute(request.reportId, request.memberId, request.thumbnail)),
      listLiveReportsByReporter: (request) =>
        mapped(async () => ({ reports: (await useCases.listLiveReportsByReporter.execute(request.reporterPhone)).map(toProtoLiveReport) })),
      markDepartedByReporter: (request) =>
        mapped(async () => {
          const { departed, claimerTold, settled } = await useCases.markDepartedByReporter.execute(request.reporterPhone);
          return { departed: departed.map(toProtoLiveReport), claimerTold: claimerTold.map(toProtoLiveReport), settled: settled.map(toProtoLiveReport) };
        }),
      recordClaimOutcome: (request) =>
        mapped(async () => {
          await useCases.recordClaimOutcome.execute(request.reportId, request.memberId, request.outcome);
          return {};
        }),
    });
  };
}
