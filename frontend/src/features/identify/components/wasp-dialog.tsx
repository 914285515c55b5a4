import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions, DialogBody } from '@/components/ui/dialog';
import { externalLinks } from '@/config/external-links';
import { useMessages } from '@/lib/i18n/language';

/** Spec §2: shown when the answers suggest wasps; OK opens an article about them in a new tab. */
export function WaspDialog({ onClose }: { onClose: () => void }) {
  const okRef = useRef<HTMLButtonElement>(null);
  const t = useMessages();
  return (
    <Dialog title={t['wasp.title']} onClose={onClose} initialFocusRef={okRef} describedBy="wasp-dialog-text" closeLabel={t['layout.closeDialog']}>
      <DialogBody id="wasp-dialog-text">
        <p>{t['wasp.cluster']}</p>
        <p>{t['wasp.environment']}</p>
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
          {t['wasp.ok']}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
