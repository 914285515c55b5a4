import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { useUpdateAvailability } from '../api/update-availability';
import { availabilityMessages, browserTimeZone, isUnsetTimeZone, timeZoneLabel } from '../lib/availability-rules';
import { useNotify } from '@/lib/notify';

const KEPT_KEY = 'swarm-alert.time-zone-kept';

/** The member chose to keep their stored zone on a phone set to another one: not asked again for that pair. */
const keptPair = (stored: string, browser: string) => `${stored}>${browser}`;

function readKept(): string | null {
  try {
    return window.localStorage.getItem(KEPT_KEY);
  } catch {
    return null;
  }
}

/**
 * Availability hours are read in the member's stored time zone, set from the browser at the first login. When this
 * browser is in another zone (a move, a trip, a new phone), the member is told which zone the hours are read in and
 * can switch to the phone's zone with one tap, or keep the stored one.
 */
export function TimeZonePrompt({ storedZone }: { storedZone: string }) {
  const titleId = useId();
  const browserZone = browserTimeZone();
  const [kept, setKept] = useState(readKept);
  const update = useUpdateAvailability();
  const notify = useNotify();

  // An unset zone is set from the browser without asking (see the availability form).
  if (isUnsetTimeZone(storedZone) || !browserZone || storedZone === browserZone || kept === keptPair(storedZone, browserZone)) return null;

  const useBrowserZone = async () => {
    try {
      await update.mutateAsync({ key: 'timeZone', value: browserZone });
      notify.success(availabilityMessages.updated);
    } catch (error) {
      notify.error(availabilityMessages.updateFailed, error instanceof Error ? error.message : undefined);
    }
  };
  const keepStoredZone = () => {
    const pair = keptPair(storedZone, browserZone);
    try {
      window.localStorage.setItem(KEPT_KEY, pair);
    } catch {
      // Private browsing: the choice holds for this visit only.
    }
    setKept(pair);
  };

  return (
    <Notice aria-labelledby={titleId} data-testid="time-zone-prompt">
      <Title id={titleId}>Check your time zone</Title>
      <p>
        Your availability hours are read in <strong>{timeZoneLabel(storedZone)}</strong> time, but this phone is set to{' '}
        <strong>{timeZoneLabel(browserZone)}</strong>.
      </p>
      <Actions>
        <Button type="button" disabled={update.isPending} onClick={() => void useBrowserZone()}>
          {`Use ${timeZoneLabel(browserZone)}`}
        </Button>
        <Button type="button" $variant="secondary" onClick={keepStoredZone}>
          {`Keep ${timeZoneLabel(storedZone)}`}
        </Button>
      </Actions>
    </Notice>
  );
}

const Notice = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 2px solid ${({ theme }) => theme.colors.warningBorder};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.warningBackground};
  color: ${({ theme }) => theme.colors.warningText};
  overflow-wrap: anywhere;
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.large};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};

  > * {
    flex: 1 1 12rem;
  }
`;
