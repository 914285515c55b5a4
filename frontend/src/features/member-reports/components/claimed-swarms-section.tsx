import { useState } from 'react';
import { SectionCard, SectionHeading } from '@/components/ui/form-parts';
import { useToast } from '@/components/ui/toast';
import { useClaimedReports } from '../api/get-claimed-reports';
import { useMarkReportBad, type BadReportReason } from '../api/mark-report-bad';
import type { ClaimedReport } from '../api/get-claimed-reports';
import { useRecordOutcome, type ClaimOutcome } from '../api/record-outcome';
import { useUnclaimReport } from '../api/unclaim-report';
import { formatServerDate } from '@/lib/format-server-date';
import { formatElevation } from '../lib/format-report';
import { errorDetail, reportMessages } from '../lib/report-messages';
import { MarkBadDialog } from './mark-bad-dialog';
import { OutcomeSelect } from './outcome-select';
import { ReportImage } from './report-image';
import { ActionGroup, EmptyText, ReportListing, TableButton, type ReportColumn } from './report-table';
import { LoadFailed } from './section-status';
import { UnclaimDialog } from './unclaim-dialog';

const ANCHOR = 'claimed-swarms';

type OpenDialog = { kind: 'unclaim' | 'bad'; report: ClaimedReport } | null;

/**
 * Spec §2: the swarms the member holds. For 72 hours after claiming (canUnClaim) a report can be handed back to the
 * other members (un-claim) or taken out of the system with a reason (mark as bad). At any time the member can record
 * what became of the swarm (its outcome).
 */
const hasImage = (report: ClaimedReport) => Boolean(report.imageUrl || report.thumbnailUrl);

export function ClaimedSwarmsSection() {
  const reports = useClaimedReports();
  const unclaim = useUnclaimReport();
  const markBad = useMarkReportBad();
  const outcome = useRecordOutcome();
  const toast = useToast();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const headingId = `${ANCHOR}-heading`;
  const busy = unclaim.isPending || markBad.isPending;

  const confirmUnclaim = async (report: ClaimedReport) => {
    try {
      await unclaim.mutateAsync(report.reportId);
      toast.success(reportMessages.unclaimed);
    } catch (error) {
      toast.error(reportMessages.unclaimFailed, errorDetail(error));
    } finally {
      setDialog(null);
    }
  };

  const confirmMarkBad = async (report: ClaimedReport, reason: BadReportReason) => {
    try {
      await markBad.mutateAsync({ reportId: report.reportId, reason });
      toast.success(reportMessages.markedBad);
    } catch (error) {
      toast.error(reportMessages.markBadFailed, errorDetail(error));
    } finally {
      setDialog(null);
    }
  };

  const recordOutcome = async (report: ClaimedReport, chosen: ClaimOutcome) => {
    try {
      await outcome.mutateAsync({ reportId: report.reportId, outcome: chosen });
      toast.success(reportMessages.outcomeRecorded);
    } catch (error) {
      toast.error(reportMessages.outcomeFailed, errorDetail(error));
    }
  };
  // While an outcome is saved its row shows it, not the one the list still holds.
  const saving = (report: ClaimedReport) => outcome.isPending && outcome.variables?.reportId === report.reportId;

  const list = reports.data ?? [];
  // Spec §2's columns, in order: Actions, Date, Image, Claim Code, Note, Size, Elevation, Association; then Outcome.
  const columns: ReportColumn<ClaimedReport>[] = [
    {
      header: 'Actions',
      kind: 'action',
      cell: (report) =>
        report.canUnClaim && (
          <ActionGroup>
            <TableButton
              type="button"
              $variant="secondary"
              aria-label={`Un-claim swarm ${report.claimCode}`}
              aria-haspopup="dialog"
              disabled={busy}
              onClick={() => setDialog({ kind: 'unclaim', report })}
            >
              Un-claim
            </TableButton>
            <TableButton
              type="button"
              $variant="secondary"
              aria-label={`Mark as bad swarm ${report.claimCode}`}
              aria-haspopup="dialog"
              disabled={busy}
              onClick={() => setDialog({ kind: 'bad', report })}
            >
              Mark as bad
            </TableButton>
          </ActionGroup>
        ),
    },
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
    { header: 'Association', kind: 'note', cell: (report) => report.companyName },
    {
      header: 'Outcome',
      kind: 'control',
      cell: (report) => (
        <OutcomeSelect
          reportId={report.reportId}
          claimCode={report.claimCode}
          outcome={saving(report) && outcome.variables ? outcome.variables.outcome : report.outcome}
          saving={saving(report)}
          onChange={(chosen) => void recordOutcome(report, chosen)}
        />
      ),
    },
  ];
  return (
    <SectionCard id={ANCHOR} data-tour={ANCHOR} aria-labelledby={headingId}>
      <SectionHeading id={headingId}>Claimed Swarms</SectionHeading>
      {reports.isError && !reports.data && <LoadFailed what="your claimed swarms" onRetry={() => void reports.refetch()} />}
      {reports.isSuccess && list.length === 0 && <EmptyText>{reportMessages.noClaimed}</EmptyText>}
      {list.length > 0 && <ReportListing caption="Claimed swarms" columns={columns} rows={list} rowKey={(report) => report.reportId} hasImage={hasImage} />}
      {dialog?.kind === 'unclaim' && (
        <UnclaimDialog
          claimCode={dialog.report.claimCode}
          pending={busy}
          onCancel={() => setDialog(null)}
          onConfirm={() => void confirmUnclaim(dialog.report)}
          onMarkBad={() => setDialog({ kind: 'bad', report: dialog.report })}
        />
      )}
      {dialog?.kind === 'bad' && (
        <MarkBadDialog
          claimCode={dialog.report.claimCode}
          pending={busy}
          onCancel={() => setDialog(null)}
          onConfirm={(reason) => void confirmMarkBad(dialog.report, reason)}
        />
      )}
    </SectionCard>
  );
}
