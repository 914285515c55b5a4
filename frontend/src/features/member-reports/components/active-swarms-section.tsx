import { SectionCard, SectionHeading } from '@/components/ui/form-parts';
import { useToast } from '@/components/ui/toast';
import { useActiveReports } from '../api/get-active-reports';
import { useClaimReport } from '../api/claim-report';
import type { ActiveReport } from '../api/get-active-reports';
import { formatServerDate } from '@/lib/format-server-date';
import { formatDistance, formatElevation } from '../lib/format-report';
import { errorDetail, reportMessages } from '../lib/report-messages';
import { ReportImage } from './report-image';
import { EmptyText, ReportListing, TableButton, type ReportColumn } from './report-table';
import { LoadFailed } from './section-status';

const ANCHOR = 'active-swarms';

/**
 * Spec §2: the swarms the member was alerted about that nobody has claimed yet. Claiming one here does the same as
 * replying to the alert text with its claim code: the member then gets a text with the location.
 */
const hasImage = (report: ActiveReport) => Boolean(report.imageUrl || report.thumbnailUrl);

export function ActiveSwarmsSection() {
  const reports = useActiveReports();
  const claim = useClaimReport();
  const toast = useToast();
  const headingId = `${ANCHOR}-heading`;

  const claimReport = async (report: ActiveReport) => {
    try {
      await claim.mutateAsync(report.reportId);
      toast.success(reportMessages.claimed, reportMessages.claimedDetail);
    } catch (error) {
      toast.error(reportMessages.claimFailed, errorDetail(error));
    }
  };

  const list = reports.data ?? [];
  // Spec §2's columns, in order: Date, Image, Claim Code, Note, Size, Elevation, Distance, Claim.
  const columns: ReportColumn<ActiveReport>[] = [
    { header: 'Date', cell: (report) => formatServerDate(report.dateCreated) },
    {
      header: 'Image',
      kind: 'image',
      cell: (report) => <ReportImage imageUrl={report.imageUrl} thumbnailUrl={report.thumbnailUrl} claimCode={report.claimCode} />,
    },
    { header: 'Claim Code', kind: 'key', cell: (report) => report.claimCode },
    { header: 'Note', kind: 'note', cell: (report) => report.note },
    { header: 'Size', cell: (report) => report.size },
    { header: 'Elevation', cell: (report) => formatElevation(report.elevation) },
    { header: 'Distance', cell: (report) => formatDistance(report.distanceFromHome) },
    {
      header: 'Claim',
      kind: 'action',
      cell: (report) => (
        <TableButton
          type="button"
          aria-label={`Claim swarm ${report.claimCode}`}
          // One claim at a time: the lists are refreshed after each, and a second click must not send another.
          disabled={claim.isPending}
          onClick={() => void claimReport(report)}
        >
          Claim
        </TableButton>
      ),
    },
  ];
  return (
    <SectionCard id={ANCHOR} data-tour={ANCHOR} aria-labelledby={headingId}>
      <SectionHeading id={headingId}>Active Swarms</SectionHeading>
      {reports.isError && !reports.data && <LoadFailed what="your active swarms" onRetry={() => void reports.refetch()} />}
      {reports.isSuccess && list.length === 0 && <EmptyText>{reportMessages.noActive}</EmptyText>}
      {list.length > 0 && <ReportListing caption="Active swarms" columns={columns} rows={list} rowKey={(report) => report.reportId} hasImage={hasImage} />}
    </SectionCard>
  );
}
