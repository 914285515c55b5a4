import { Code, type ConnectRouter } from '@connectrpc/connect';
import { ReportService } from '@swarm/proto/report/v1/report_service';
import { toConnectError } from '@swarm/runtime';
import type { GetReport } from '../../app/get-report.js';
import type { ListReportAssociations } from '../../app/list-report-associations.js';
import type { SubmitReport } from '../../app/submit-report.js';
import type { ReportErrorCode } from '../../domain/report-error.js';
import { fromProtoSize, toProtoReport } from './report-mapping.js';

const connectCodes: Record<ReportErrorCode, Code> = {
  'REPORT.INVALID_SUBMISSION': Code.InvalidArgument,
  'REPORT.IDEMPOTENCY_KEY_REUSED': Code.AlreadyExists,
  'REPORT.NOT_FOUND': Code.NotFound,
  'REPORT.CLAIM_CODES_EXHAUSTED': Code.ResourceExhausted,
  'REPORT.ADDRESS_UNRESOLVED': Code.InvalidArgument,
  'REPORT.INVALID_IMAGE': Code.InvalidArgument,
  'REPORT.NO_COVERAGE': Code.NotFound,
};

export function reportServiceRoutes(useCases: { submitReport: SubmitReport; getReport: GetReport; listReportAssociations: ListReportAssociations }) {
  return (router: ConnectRouter) => {
    router.service(ReportService, {
      async submitReport(request) {
        try {
          return await useCases.submitReport.execute({
            idempotencyId: request.idempotencyId,
            reporterName: request.reporterName,
            reporterPhone: request.reporterPhone,
            size: fromProtoSize(request.size),
            elevationFeet: request.elevationFeet,
            address: request.address,
            internalNote: request.internalNote,
            location: request.location && { latitude: request.location.latitude, longitude: request.location.longitude },
            image: request.image,
            confirmDuplicate: request.confirmDuplicate,
          });
        } catch (error) {
          throw toConnectError(error, connectCodes);
        }
      },
      async getReport(request) {
        try {
          return { report: toProtoReport(await useCases.getReport.execute(request.reportId)) };
        } catch (error) {
          throw toConnectError(error, connectCodes);
        }
      },
      async listReportAssociations(request) {
        try {
          const associations = await useCases.listReportAssociations.execute(request.reportId);
          return { associations: associations.map(({ companyId, name, donationUrl }) => ({ companyId, name, donationUrl })) };
        } catch (error) {
          throw toConnectError(error, connectCodes);
        }
      },
    });
  };
}
