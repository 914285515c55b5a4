import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions, DialogBody } from '@/components/ui/dialog';

export const UNCLAIM_WARNING = 'Once un-claimed, this swarm becomes available to other members, who may be alerted about it and claim it.';
export const UNCLAIM_SUGGESTION =
  'If the swarm is not honey bees, has moved into a structure, has moved on, or was claimed by someone else, please use Mark as Bad instead so nobody else is sent to it.';

interface UnclaimDialogProps {
  claimCode: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  onMarkBad: () => void;
}

/** Spec §2: the un-claim confirmation, pointing to Mark as Bad when the swarm is no longer there to collect. */
export function UnclaimDialog({ claimCode, pending, onCancel, onConfirm, onMarkBad }: UnclaimDialogProps) {
  const textId = useId();
  // The safe answer has the focus, so a stray Enter does not hand the swarm to someone else.
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={`Un-claim swarm ${claimCode}?`} role="alertdialog" onClose={onCancel} initialFocusRef={cancelRef} describedBy={textId}>
      <DialogBody id={textId}>
        <p>{UNCLAIM_WARNING}</p>
        <p>{UNCLAIM_SUGGESTION}</p>
      </DialogBody>
      <DialogActions>
        <Button ref={cancelRef} type="button" $variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" $variant="secondary" onClick={onMarkBad} disabled={pending}>
          Mark as Bad instead
        </Button>
        <Button type="button" onClick={onConfirm} disabled={pending}>
          Un-claim
        </Button>
      </DialogActions>
    </Dialog>
  );
}
