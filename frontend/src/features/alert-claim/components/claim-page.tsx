import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { ExternalTextLink, TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatServerDate } from '@/lib/format-server-date';
import { resolveImageUrl } from '@/lib/image-url';
import { useClaimWithToken, type ClaimAnswer } from '../api/claim-with-token';
import { useClaimAlert, type ClaimAlert, type ClaimedLocation as ClaimedLocationFacts } from '../api/get-claim-alert';
import { claimErrorMessage, claimMessages, formatFeet, formatMiles, formatPhone, safeMapUrl, telHref } from '../lib/claim-messages';

const PAGE_TITLE = 'A swarm near you';

/** The link's token no longer leads anywhere: 404 (not a valid link) and 410 (the swarm can no longer be claimed). */
const isGone = (error: unknown): error is ApiError => error instanceof ApiError && (error.status === 404 || error.status === 410);

/**
 * /claim/:token, opened from an alert's email or notification, without a session: the swarm's facts and, while it is
 * open, 'Claim this swarm'. Only that button claims; opening the page never does, since mail scanners open links.
 */
export function ClaimPage() {
  const { token = '' } = useParams();
  const alert = useClaimAlert(token);
  const claim = useClaimWithToken(token);

  return (
    <Page title={PAGE_TITLE}>
      {alert.data ? (
        <ClaimableAlert alert={alert.data} answer={claim.data} claiming={claim.isPending} claimError={claim.error} onClaim={() => claim.mutate()} />
      ) : alert.isError ? (
        <LoadProblem error={alert.error} onRetry={() => void alert.refetch()} />
      ) : (
        <p role="status">{claimMessages.loading}</p>
      )}
    </Page>
  );
}

function LoadProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isGone(error)) {
    return (
      <Notice role="alert">
        <h2>{error.message}</h2>
        <p>{claimMessages.goneHelp}</p>
        <TextLink to={paths.member.getHref()}>{claimMessages.memberArea}</TextLink>
      </Notice>
    );
  }
  return (
    <Notice role="alert">
      <h2>{claimMessages.loadFailed}</h2>
      <p>{claimMessages.loadFailedHelp}</p>
      <div>
        <Button type="button" $variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Notice>
  );
}

interface ClaimableAlertProps {
  alert: ClaimAlert;
  answer: ClaimAnswer | undefined;
  claiming: boolean;
  claimError: Error | null;
  onClaim: () => void;
}

function ClaimableAlert({ alert, answer, claiming, claimError, onClaim }: ClaimableAlertProps) {
  const refused = isGone(claimError);
  const canClaim = alert.state === 'open' && !answer && !refused;
  return (
    <>
      {alert.test && (
        <TestNotice role="note" aria-label="Test alert">
          {claimMessages.test}
        </TestNotice>
      )}
      <AlertFacts alert={alert} />
      {answer ? (
        <Answer answer={answer} />
      ) : refused ? (
        <Notice role="alert">
          <h2>{claimError.message}</h2>
        </Notice>
      ) : (
        <StateNotice alert={alert} />
      )}
      {canClaim && (
        <Claim>
          {claimError && (
            <Problem role="alert">{claimErrorMessage(claimError)}</Problem>
          )}
          <Button type="button" $fullWidth disabled={claiming} aria-describedby="claim-explained" onClick={onClaim}>
            {claiming ? claimMessages.claiming : claimMessages.claimButton}
          </Button>
          <Hint id="claim-explained">{alert.test ? claimMessages.testClaimHint : claimMessages.claimHint}</Hint>
        </Claim>
      )}
    </>
  );
}

function AlertFacts({ alert }: { alert: ClaimAlert }) {
  const thumbnail = alert.thumbnailUrl ? resolveImageUrl(alert.thumbnailUrl) : '';
  const alerted = formatServerDate(alert.alertedAt);
  const facts: [string, string][] = [
    ['Size', alert.size],
    ['Height', alert.elevationFeet === null ? '' : `${formatFeet(alert.elevationFeet)} ft above the ground`],
    ['Distance', alert.distanceMiles === null ? '' : `${formatMiles(alert.distanceMiles)} mi from your home`],
    ['Town', alert.town],
    ['Claim code', alert.claimCode],
    ['Alerted', alerted],
  ];
  return (
    <Facts aria-labelledby="claim-facts-title">
      <h2 id="claim-facts-title">{alert.claimCode ? `Swarm ${alert.claimCode}` : 'The swarm'}</h2>
      {thumbnail && <Thumbnail src={thumbnail} alt={claimMessages.pictureAlt} width={320} height={240} decoding="async" />}
      <dl>
        {facts
          .filter(([, value]) => value !== '')
          .map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </Facts>
  );
}

function StateNotice({ alert }: { alert: ClaimAlert }) {
  switch (alert.state) {
    case 'yours':
      return (
        <Notice role="status" $tone="success">
          <h2>{claimMessages.yoursTitle(alert.claimCode)}</h2>
          {alert.location && <ClaimedLocation location={alert.location} />}
          <p>{claimMessages.yours}</p>
          <TextLink to={paths.member.getHref()}>{claimMessages.memberArea}</TextLink>
        </Notice>
      );
    case 'taken':
      return (
        <Notice role="status">
          <h2>{claimMessages.taken}</h2>
        </Notice>
      );
    case 'over':
      return (
        <Notice role="status">
          <h2>{claimMessages.over}</h2>
        </Notice>
      );
    default:
      return null;
  }
}

/** The claim's answer, which takes the focus (the button it replaces had it) so it is read out at once. */
function Answer({ answer }: { answer: ClaimAnswer }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const title =
    answer.outcome === 'claimed' || answer.outcome === 'already-yours'
      ? claimMessages.yoursTitle(answer.claimCode)
      : answer.outcome === 'taken'
        ? claimMessages.taken
        : answer.outcome === 'test'
          ? claimMessages.testAnswerTitle
          : claimMessages.over;
  const yours = answer.outcome === 'claimed' || answer.outcome === 'already-yours';
  const message = answer.outcome === 'taken' ? '' : answer.message;
  return (
    <Notice role="status" $tone={yours ? 'success' : 'plain'}>
      <h2 ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {yours && answer.location ? (
        <>
          <ClaimedLocation location={answer.location} />
          <p>{claimMessages.yours}</p>
        </>
      ) : (
        message && message !== title && <Message>{message}</Message>
      )}
    </Notice>
  );
}

/** Where the claimed swarm is and who to call, each a link a phone acts on: the map app, and the dialler. */
function ClaimedLocation({ location }: { location: ClaimedLocationFacts }) {
  const map = safeMapUrl(location.mapUrl);
  const tel = telHref(location.reporterPhone);
  return (
    <LocationFacts>
      <div>
        <dt>{claimMessages.address}</dt>
        <dd>
          {map ? (
            <ExternalTextLink href={map} target="_blank" rel="noopener noreferrer" aria-label={`${location.address} (${claimMessages.openMap})`}>
              {location.address}
            </ExternalTextLink>
          ) : (
            location.address
          )}
        </dd>
      </div>
      {location.reporterName && (
        <div>
          <dt>{claimMessages.reporter}</dt>
          <dd>{location.reporterName}</dd>
        </div>
      )}
      <div>
        <dt>{claimMessages.phone}</dt>
        <dd>
          {tel ? (
            <ExternalTextLink href={tel} aria-label={`${claimMessages.callReporter(location.reporterName)}: ${formatPhone(location.reporterPhone)}`}>
              {formatPhone(location.reporterPhone)}
            </ExternalTextLink>
          ) : (
            location.reporterPhone
          )}
        </dd>
      </div>
    </LocationFacts>
  );
}

const Facts = styled(Card)`
  dl {
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
    margin: 0;
  }

  dl > div {
    display: grid;
    grid-template-columns: minmax(6.5rem, auto) 1fr;
    gap: ${({ theme }) => theme.space.sm};
  }

  dt {
    color: ${({ theme }) => theme.colors.mutedText};
  }

  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Thumbnail = styled.img`
  display: block;
  width: 100%;
  max-width: 320px;
  height: auto;
  max-height: 240px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.secondaryHover};
`;

const Notice = styled(Card).attrs({ as: 'div' })<{ $tone?: 'success' | 'plain' }>`
  border-color: ${({ $tone = 'plain', theme }) => ($tone === 'success' ? theme.colors.success : theme.colors.border)};
  border-width: ${({ $tone = 'plain' }) => ($tone === 'success' ? '2px' : '1px')};

  h2:focus {
    outline: none;
  }
`;

const LocationFacts = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.large};

  > div {
    display: grid;
    grid-template-columns: minmax(5.5rem, auto) 1fr;
    gap: ${({ theme }) => theme.space.sm};
    align-items: center;
  }

  dt {
    color: ${({ theme }) => theme.colors.mutedText};
  }

  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  a {
    justify-content: flex-start;
  }
`;

const Message = styled.p`
  white-space: pre-line;
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.fontSizes.large};
`;

const TestNotice = styled.p`
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.warningBorder};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.warningBackground};
  color: ${({ theme }) => theme.colors.warningText};
  font-weight: 600;
`;

const Claim = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.fontSizes.small};
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;
