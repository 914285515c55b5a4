import { memberReportMessages } from '@swarm/proto/labels/answers';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions, DialogBody } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/form-parts';
import { badReportReasons, type BadReportReason } from '../api/mark-report-bad';

export const REASON_REQUIRED = memberReportMessages.reasonRequired;

interface MarkBadDialogProps {
  claimCode: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: BadReportReason) => void;
}

/** Spec §2 and §4: marking a report bad needs one of the five reasons; nothing is sent until one is chosen. */
export function MarkBadDialog({ claimCode, pending, onCancel, onConfirm }: MarkBadDialogProps) {
  const textId = useId();
  const errorId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ reason: BadReportReason | '' }>({ defaultValues: { reason: '' } });

  const submit = handleSubmit(({ reason }) => {
    if (reason !== '') onConfirm(reason);
  });

  return (
    <Dialog title={`Mark swarm ${claimCode} as bad`} role="alertdialog" onClose={onCancel} describedBy={textId}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <p id={textId}>Marking this report as bad removes it from your lists and from every other member&apos;s, and lets the administrator know.</p>
          <Reasons aria-invalid={errors.reason ? true : undefined} aria-describedby={errors.reason ? errorId : undefined}>
            <legend>Why is this report bad?</legend>
            {badReportReasons.map((reason) => (
              <label key={reason}>
                <input type="radio" value={reason} {...register('reason', { required: REASON_REQUIRED })} />
                {reason}
              </label>
            ))}
          </Reasons>
          {errors.reason && (
            <FieldError id={errorId} role="alert">
              {errors.reason.message}
            </FieldError>
          )}
        </DialogBody>
        <Actions>
          <Button type="button" $variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            Mark as bad
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}

const Reasons = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }

  legend {
    font-weight: 600;
  }

  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    min-height: 44px;
    cursor: pointer;
  }

  input {
    width: 1.25rem;
    height: 1.25rem;
    margin: 0;
  }
`;

const Actions = styled(DialogActions)`
  margin-top: ${({ theme }) => theme.space.md};
`;
