import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions, DialogBody } from '@/components/ui/dialog';
import { externalLinks } from '@/config/external-links';

/** Spec §2: shown when the answers suggest wasps; OK opens an article about them in a new tab. */
export function WaspDialog({ onClose }: { onClose: () => void }) {
  const okRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title="They might be wasps" onClose={onClose} initialFocusRef={okRef} describedBy="wasp-dialog-text">
      <DialogBody id="wasp-dialog-text">
        <p>
          Honeybee swarms hang together in a cluster above the ground. Insects that don't, or that nest in the ground,
          are more likely wasps, hornets or yellow jackets, which our beekeepers can't collect.
        </p>
        <p>Wasps are good for the environment: they pollinate plants and keep garden pests in check. If they aren't in your way, consider leaving them be.</p>
      </DialogBody>
      <DialogActions>
        <Button
          ref={okRef}
          type="button"
          onClick={() => {
            window.open(externalLinks.waspArticle, '_blank', 'noopener,noreferrer');
            onClose();
          }}
        >
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
