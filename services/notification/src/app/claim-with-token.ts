import { claimLinkMessages } from '@swarm/proto/labels/answers';
import { CLAIM_TOKEN_MAX_LENGTH, type ClaimTokenClaims } from '../domain/claim-token.js';
import { claimAnswerText, claimedSwarmLocation, type ClaimedSwarmLocation } from '../domain/inbound-sms.js';
import { NotificationError } from '../domain/notification-error.js';
import { heldAlertOf } from '../domain/sent-alert.js';
import { TEST_ALERT_FACTS, TEST_CLAIM_MESSAGE } from '../domain/test-alert.js';
import type { ClaimTokens, ClaimTokenUseRepository } from './ports/claim-tokens.js';
import type { Clock } from './ports/clock-and-log.js';
import type { ReportClaims } from './ports/inbound.js';
import type { ReportLifecycle } from './ports/other-services.js';
import type { DispatchRepository, SentAlertRepository } from './ports/stores.js';

/**
 * What became of a claim from a notification or a claim page: one sentence for the member, as the answer says it under
 * its title, and for the claimer the swarm's place and the reporter's contact one field each.
 */
export type TokenClaimOutcome = {
  kind: 'claimed' | 'already-yours' | 'taken' | 'over' | 'test';
  message: string;
  claimCode: string;
  location?: ClaimedSwarmLocation;
};

export const CLAIM_TAKEN_MESSAGE = claimLinkMessages.taken;
export { TEST_ALERT_FACTS, TEST_CLAIM_MESSAGE };
export const CLAIM_OVER_MESSAGE = claimLinkMessages.over;

/** A claim token, checked: signed by this service and still within its report's claimable time. */
export function checkedClaims(tokens: ClaimTokens, token: string, now: Date): ClaimTokenClaims {
  const claims = token.length <= CLAIM_TOKEN_MAX_LENGTH ? tokens.verify(token) : undefined;
  if (!claims) throw new NotificationError('NOTIFICATION.INVALID_CLAIM_TOKEN', 'this claim link is not valid');
  if (claims.expiresAt.getTime() <= now.getTime()) throw new NotificationError('NOTIFICATION.CLAIM_TOKEN_EXPIRED', 'this swarm can no longer be claimed');
  return claims;
}

/**
 * Claims the report for the member a token was issued to, with no session: the token (signed, bound to member, report
 * and alert, valid while a claim is possible) is the proof. It serves once: a second use answers the first outcome and
 * does nothing. One claim wins among SMS, the web, notifications and email, as the report service's one conditional
 * update decides. The claimer's answer carries the location and the reporter's contact, as the location message has
 * them (which follows on the member's channels as after every claim).
 */
export class ClaimWithToken {
  constructor(
    private readonly ports: {
      tokens: ClaimTokens;
      uses: ClaimTokenUseRepository;
      dispatches: Pick<DispatchRepository, 'findSummaryByReportId'>;
      sentAlerts: Pick<SentAlertRepository, 'findForMember'>;
      reports: ReportClaims;
      clock: Clock;
    },
  ) {}

  async execute(token: string): Promise<TokenClaimOutcome> {
    const { tokens, uses, dispatches, clock } = this.ports;
    const now = clock.now();
    const claims = checkedClaims(tokens, token, now);
    if (claims.test) return { kind: 'test', message: TEST_CLAIM_MESSAGE, claimCode: '' };
    const dispatch = await dispatches.findSummaryByReportId(claims.reportId);
    if (!dispatch) throw new NotificationError('NOTIFICATION.INVALID_CLAIM_TOKEN', 'this claim link is not valid');

    // Used before: nothing is done again, and the first answer stands (a claim given back since stays given back).
    const earlier = await uses.find(claims.sendKey);
    if (earlier) return this.answer(earlier.outcome as TokenClaimOutcome['kind'], claims, dispatch.claimCode);
    const outcome = await this.claim(claims, dispatch.claimCode);
    // Two first uses at once both claim, and the report service's claim is idempotent: one member, one claim.
    await uses.recordFirstUse({ tokenId: claims.sendKey, usedAt: now, outcome: outcome.kind });
    return outcome;
  }

  private async claim(claims: ClaimTokenClaims, claimCode: string): Promise<TokenClaimOutcome> {
    const held = heldAlertOf(await this.ports.sentAlerts.findForMember(claims.reportId, claims.memberId));
    const result = await this.ports.reports.claimByCode(claimCode, claims.memberId, held);
    if (result.kind === 'claimed' || result.kind === 'already-yours') return this.answer(result.kind, claims, claimCode);
    return this.answer(result.kind === 'already-claimed' ? 'taken' : 'over', claims, claimCode);
  }

  private async answer(kind: TokenClaimOutcome['kind'], claims: ClaimTokenClaims, claimCode: string): Promise<TokenClaimOutcome> {
    if (kind === 'claimed' || kind === 'already-yours') {
      const details = await this.ports.reports.getClaimDetails(claims.reportId, claims.memberId);
      if (details) return { kind, message: claimAnswerText(details), claimCode, location: claimedSwarmLocation(details) };
      return { kind: 'over', message: CLAIM_OVER_MESSAGE, claimCode };
    }
    if (kind === 'taken') return { kind, message: CLAIM_TAKEN_MESSAGE, claimCode };
    if (kind === 'test') return { kind, message: TEST_CLAIM_MESSAGE, claimCode: '' };
    return { kind: 'over', message: CLAIM_OVER_MESSAGE, claimCode };
  }
}

export type AlertView = {
  reportId: string;
  claimCode: string;
  size: string;
  elevationFeet: number;
  distanceMiles: number;
  town: string;
  thumbnailUrl: string;
  alertedAt: Date;
  state: 'open' | 'yours' | 'taken' | 'over';
  test: boolean;
  /** The member the token was issued to. */
  memberId: string;
  /** Only while the token's member holds the swarm: its place and the reporter (never before a claim). */
  location?: ClaimedSwarmLocation;
};

/** The alert a claim token stands for, as the claim page shows it before the member presses 'Claim this swarm'. */
export class GetAlertByClaimToken {
  constructor(
    private readonly ports: {
      tokens: ClaimTokens;
      dispatches: Pick<DispatchRepository, 'findSummaryByReportId'>;
      sentAlerts: Pick<SentAlertRepository, 'find'>;
      reports: Pick<ReportLifecycle, 'claimOf'>;
      /** Where the claimer's page reads the place and the reporter, as the claim's answer gives them. */
      claimDetails: Pick<ReportClaims, 'getClaimDetails'>;
      thumbnailUrl: (claimToken: string) => string;
      clock: Clock;
    },
  ) {}

  async execute(token: string): Promise<AlertView> {
    const { tokens, dispatches, sentAlerts, reports, clock } = this.ports;
    const claims = checkedClaims(tokens, token, clock.now());
    if (claims.test) return { ...TEST_ALERT_FACTS, thumbnailUrl: '', alertedAt: clock.now(), state: 'open', test: true, reportId: claims.reportId, memberId: claims.memberId };
    const [dispatch, alert] = await Promise.all([dispatches.findSummaryByReportId(claims.reportId), sentAlerts.find(claims.sendKey)]);
    if (!dispatch) throw new NotificationError('NOTIFICATION.INVALID_CLAIM_TOKEN', 'this claim link is not valid');
    let state: AlertView['state'] = 'over';
    if (dispatch.reportState === 'active') state = 'open';
    else if (dispatch.reportState === 'claimed') state = (await reports.claimOf(claims.reportId, claims.memberId)) ? 'yours' : 'taken';
    const details = state === 'yours' ? await this.ports.claimDetails.getClaimDetails(claims.reportId, claims.memberId) : undefined;
    return {
      reportId: dispatch.reportId,
      claimCode: dispatch.claimCode,
      size: dispatch.size,
      elevationFeet: dispatch.elevationFeet,
      distanceMiles: alert?.distanceMiles ?? 0,
      town: dispatch.town ?? '',
      thumbnailUrl: dispatch.hasPicture ? this.ports.thumbnailUrl(token) : '',
      alertedAt: alert?.startedAt ?? dispatch.submittedAt,
      state,
      test: false,
      memberId: claims.memberId,
      ...(details ? { location: claimedSwarmLocation(details) } : {}),
    };
  }
}
