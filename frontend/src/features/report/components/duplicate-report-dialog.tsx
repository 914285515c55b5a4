import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions, DialogBody } from '@/components/ui/dialog';
import { useMessages } from '@/lib/i18n/language';

interface DuplicateReportDialogProps {
  onCancel: () => void;
  onConfirm: () => void;
}

/** Spec §2: asked when the gateway answers 208 (a report at this address in the last 3 days). */
export function DuplicateReportDialog({ onCancel, onConfirm }: DuplicateReportDialogProps) {
  // The safe answer has the focus, so a stray Enter does not send a second crew of beekeepers.
  const noRef = useRef<HTMLButtonElement>(null);
  const t = useMessages();
  return (
    <Dialog title={t['report.duplicate.title']} closeLabel={t['layout.closeDialog']} role="alertdialog" onClose={onCancel} initialFocusRef={noRef} describedBy="duplicate-report-text">
      <DialogBody id="duplicate-report-text">
        <p>{t['report.alreadyReported']}</p>
        <p>{t['report.duplicate.text']}</p>
        <p>{t['report.duplicate.question']}</p>
      </DialogBody>
      <DialogActions>
        <Button ref={noRef} type="button" $variant="secondary" onClick={onCancel}>
          {t['report.duplicate.no']}
        </Button>
        <Button type="button" onClick={onConfirm}>
          {t['report.duplicate.yes']}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
