import styled from 'styled-components';
import { useMessages } from '@/lib/i18n/language';
import { en, type MessageKey } from '@/lib/i18n/messages/en';
import type { SubmissionProgress } from '../api/submit-report';

/** What the reporter reads while the report is on its way (not errors: those are the spec's messages, in toasts). */
export const submissionStatusMessages = {
  preparingPicture: en['report.status.preparingPicture'],
  sending: en['report.status.sending'],
  connectionLost: en['report.status.connectionLost'],
  waitingForSignal: en['report.status.waitingForSignal'],
  progressLabel: en['report.status.progressLabel'],
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
  const t = useMessages();
  const sentence = t[describe(progress, offline)];
  const percent = progress?.phase === 'sending' ? progress.percent : undefined;
  return (
    <Status>
      <Sentence id={id} role="status">
        {sentence}
      </Sentence>
      {percent !== undefined && (
        <Bar role="progressbar" aria-label={t['report.status.progressLabel']} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <Fill style={{ width: `${percent}%` }} />
          <Percent aria-hidden="true">{percent}%</Percent>
        </Bar>
      )}
    </Status>
  );
}

function describe(progress: SubmissionProgress | null, offline: boolean): MessageKey {
  if (offline) return 'report.status.waitingForSignal';
  switch (progress?.phase) {
    case 'preparing-picture':
      return 'report.status.preparingPicture';
    case 'connection-lost':
      return progress.waitingForSignal ? 'report.status.waitingForSignal' : 'report.status.connectionLost';
    default:
      return 'report.status.sending';
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
