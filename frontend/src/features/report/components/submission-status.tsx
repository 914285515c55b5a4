import styled from 'styled-components';
import type { SubmissionProgress } from '../api/submit-report';

/** What the reporter reads while the report is on its way (not errors: those are the spec's messages, in toasts). */
export const submissionStatusMessages = {
  preparingPicture: 'Preparing your photo…',
  sending: 'Sending your report…',
  connectionLost: 'The connection dropped. Sending your report again…',
  waitingForSignal: 'No signal. Your report will be sent as soon as your phone is back online.',
  progressLabel: 'Report sent',
} as const;

interface SubmissionStatusProps {
  id: string;
  progress: SubmissionProgress | null;
  /** The report was pressed while offline and waits for the signal before its first try. */
  offline: boolean;
}

/**
 * The state of a submission: the photo being prepared, the upload with its percentage, a dropped connection being
 * tried again. The sentence is a live region; the percentage is a progress bar, not announced at every step.
 */
export function SubmissionStatus({ id, progress, offline }: SubmissionStatusProps) {
  const sentence = describe(progress, offline);
  const percent = progress?.phase === 'sending' ? progress.percent : undefined;
  return (
    <Status>
      <Sentence id={id} role="status">
        {sentence}
      </Sentence>
      {percent !== undefined && (
        <Bar role="progressbar" aria-label={submissionStatusMessages.progressLabel} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <Fill style={{ width: `${percent}%` }} />
          <Percent aria-hidden="true">{percent}%</Percent>
        </Bar>
      )}
    </Status>
  );
}

function describe(progress: SubmissionProgress | null, offline: boolean): string {
  if (offline) return submissionStatusMessages.waitingForSignal;
  switch (progress?.phase) {
    case 'preparing-picture':
      return submissionStatusMessages.preparingPicture;
    case 'connection-lost':
      return progress.waitingForSignal ? submissionStatusMessages.waitingForSignal : submissionStatusMessages.connectionLost;
    default:
      return submissionStatusMessages.sending;
  }
}

const Status = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Sentence = styled.p`
  margin: 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.mutedText};
`;

const Bar = styled.div`
  position: relative;
  height: 1.75rem;
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.colors.warningBackground};
  transition: width 0.2s linear;
`;

const Percent = styled.span`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;
