import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions, DialogBody } from '@/components/ui/dialog';
import { SectionCard, SectionHeading, TextInput } from '@/components/ui/form-parts';
import { paths } from '@/config/paths';
import { useDeleteAccount } from '@/features/member/api/delete-account';
import { MEMBER_DATA_FILE_NAME, saveAsFile, useDownloadMemberData } from '@/features/member/api/download-member-data';
import { useNotify } from '@/lib/notify';

/** What the member types to confirm: a deletion cannot be undone, so a stray tap never makes one. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export const accountMessages = {
  downloadFailed: 'Failed to download your data.',
  deleteFailed: 'Failed to delete your account.',
  deletedTitle: 'Account deleted',
  deleted: 'Your account and your information have been deleted.',
} as const;

/** "Download my data" and "Delete my account": the member's own account, at the end of the profile. */
export function AccountSection() {
  const notify = useNotify();
  const navigate = useNavigate();
  const download = useDownloadMemberData();
  const deleteAccount = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);

  const onDownload = async () => {
    try {
      saveAsFile(await download.mutateAsync(), MEMBER_DATA_FILE_NAME);
    } catch (error) {
      notify.error(accountMessages.downloadFailed, error instanceof Error ? error.message : undefined);
    }
  };

  const onDelete = async () => {
    try {
      await deleteAccount.mutateAsync();
    } catch (error) {
      notify.error(accountMessages.deleteFailed, error instanceof Error ? error.message : undefined);
      return;
    }
    setConfirming(false);
    notify.success(accountMessages.deletedTitle, accountMessages.deleted);
    void navigate(paths.landing.getHref());
  };

  return (
    <SectionCard id="account" aria-labelledby="account-heading">
      <SectionHeading id="account-heading">Your account</SectionHeading>
      <p>Download everything Swarm Alert keeps about you as a file, or delete your account.</p>
      <Actions>
        <Button type="button" $variant="secondary" onClick={() => void onDownload()} disabled={download.isPending}>
          {download.isPending ? 'Preparing your data…' : 'Download my data'}
        </Button>
        <Button type="button" $variant="secondary" onClick={() => setConfirming(true)}>
          Delete my account
        </Button>
      </Actions>
      {confirming && <DeleteAccountDialog pending={deleteAccount.isPending} onCancel={() => setConfirming(false)} onConfirm={() => void onDelete()} />}
    </SectionCard>
  );
}

/** The deliberate confirmation: what goes and what stays, then the word typed before the button does anything. */
function DeleteAccountDialog({ pending, onCancel, onConfirm }: { pending: boolean; onCancel: () => void; onConfirm: () => void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim() === DELETE_CONFIRMATION_WORD;
  return (
    <Dialog title="Delete your account?" role="alertdialog" onClose={onCancel} initialFocusRef={cancelRef} describedBy="delete-account-text">
      <DialogBody id="delete-account-text">
        <p>
          This erases your name, email, phone number, address, availability and the devices you get notifications on,
          logs you out everywhere and removes you from every association. It cannot be undone.
        </p>
        <p>Swarms you were alerted about or claimed stay counted in the associations' figures, without your name.</p>
      </DialogBody>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed && !pending) onConfirm();
        }}
      >
        <label htmlFor={inputId}>{`Type ${DELETE_CONFIRMATION_WORD} to confirm`}</label>
        <TextInput id={inputId} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
        <DialogActions>
          <Button ref={cancelRef} type="button" $variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!confirmed || pending}>
            {pending ? 'Deleting…' : 'Delete my account'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
