import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions, DialogBody } from '@/components/ui/dialog';
import { reportMessages } from '../report-messages';

interface DuplicateReportDialogProps {
  onCancel: () => void;
  onConfirm: () => void;
}

/** Spec §2: asked when the gateway answers 208 (a report at this address in the last 3 days). */
export function DuplicateReportDialog({ onCancel, onConfirm }: DuplicateReportDialogProps) {
  // The safe answer has the focus, so a stray Enter does not send a second crew of beekeepers.
  const noRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={reportMessages.duplicateTitle} role="alertdialog" onClose={onCancel} initialFocusRef={noRef} describedBy="duplicate-report-text">
      <DialogBody id="duplicate-report-text">
        <p>{reportMessages.alreadyReported}</p>
        <p>
          Someone reported a swarm at this address in the last 3 days. Duplicate reports may send several beekeepers to
          the same place.
        </p>
        <p>{reportMessages.duplicateQuestion}</p>
      </DialogBody>
      <DialogActions>
        <Button ref={noRef} type="button" $variant="secondary" onClick={onCancel}>
          No
        </Button>
        <Button type="button" onClick={onConfirm}>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
