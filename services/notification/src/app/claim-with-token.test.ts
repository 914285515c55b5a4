import { MemoryOutbox } from '@swarm/runtime';
import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../adapters/alert-scheduler.contract.js';
import { HmacClaimTokens } from '../adapters/claim-tokens/hmac-claim-tokens.js';
import { MemoryClaimTokenUseRepository } from '../adapters/memory/memory-claim-token-use-repository.js';
import { MemoryDispatchRepository } from '../adapters/memory/memory-dispatch-repository.js';
import { MemorySentAlertRepository } from '../adapters/memory/memory-sent-alert-repository.js';
import { NotificationError } from '../domain/notification-error.js';
import { seedDispatch } from '../testing/dispatch-fakes.js';
import { CLAIM_TAKEN_MESSAGE, ClaimWithToken, GetAlertByClaimToken, TEST_CLAIM_MESSAGE } from './claim-with-token.js';
import { FakeReportClaims, FakeReportLifecycle } from './inbound-fakes.test-support.js';

const NOW = new Date('2026-06-01T18:00:00Z');
const EXPIRES = new Date('2026-06-04T18:00:00Z');
const tokens = new HmacClaimTokens('a-secret-of-at-least-thirty-two-bytes!!');
const tokenFor = (memberId: string, more: { expiresAt?: Date; test?: boolean } = {}) =>
  tokens.sign({ reportId: 'r1', memberId, sendKey: `alert--r1--${memberId}--submitted`, expiresAt: more.expiresAt ?? EXPIRES, ...(more.test ? { test: true } : {}) });

describe('claiming with a token from a notification or an alert email', () => {
  let reports: FakeReportClaims;
  let lifecycle: FakeReportLifecycle;
  let dispatches: MemoryDispatchRepository;
  let sentAlerts: MemorySentAlertRepository;
  let clock: ManualClock;
  let claim: ClaimWithToken;
  let view: GetAlertByClaimToken;

  beforeEach(async () => {
    clock = new ManualClock(NOW);
    reports = new FakeReportClaims([{ reportId: 'r1', claimCode: '04217', alerted: ['ada', 'bea'] }]);
    lifecycle = new FakeReportLifecycle();
    dispatches = new MemoryDispatchRepository();
    await seedDispatch(dispatches, { reportId: 'r1', claimCode: '04217', size: 'Basketball', elevationFeet: 12, town: 'Eugene, OR', hasPicture: true, expiresAt: EXPIRES });
    sentAlerts = new MemorySentAlertRepository(new MemoryOutbox());
    await sentAlerts.beginSending({ sendKey: 'alert--r1--ada--submitted', reportId: 'r1', memberId: 'ada', companyId: 'c1', companyName: 'Lane Bees', distanceMiles: 2.5, startedAt: NOW });
    claim = new ClaimWithToken({ tokens, uses: new MemoryClaimTokenUseRepository(), dispatches, sentAlerts, reports, clock });
    view = new GetAlertByClaimToken({ tokens, dispatches, sentAlerts, reports: lifecycle, claimDetails: reports, thumbnailUrl: (token) => `https://swarm.example/api/alerts/claim/${token}/thumbnail`, clock });
  });

  it('claims for the token’s member and answers the location and the reporter’s contact', async () => {
    const answer = await claim.execute(tokenFor('ada'));
    // Said under a title that already says the swarm is yours: the place and the contact, once each.
    expect(answer).toEqual({
      kind: 'claimed',
      claimCode: '04217',
      message: 'Address: 1 Hive Way, Portland, OR. Reporter: Jo Doe 503-555-0177',
      location: { address: '1 Hive Way, Portland, OR', reporterName: 'Jo Doe', reporterPhone: '5035550177', mapUrl: 'https://maps.google.com/?q=45.50000,-122.60000' },
    });
    expect(answer.message).not.toContain('is yours');
    expect(reports.claimers.get('r1')).toBe('ada');
    expect(reports.claimCalls[0]).toMatchObject({ claimCode: '04217', memberId: 'ada', alert: { reportId: 'r1', companyId: 'c1' } });
  });

  it('tells the second claimer another beekeeper was first, and changes nothing', async () => {
    await claim.execute(tokenFor('ada'));
    expect(await claim.execute(tokenFor('bea'))).toEqual({ kind: 'taken', claimCode: '04217', message: CLAIM_TAKEN_MESSAGE });
    expect(reports.claimers.get('r1')).toBe('ada');
  });

  it('serves a token once: a second use answers the first outcome without claiming again', async () => {
    const token = tokenFor('ada');
    await claim.execute(token);
    expect((await claim.execute(token)).kind).toBe('claimed');
    // Given back since: a reuse does not claim it again, and says it can no longer be claimed with this link.
    reports.claimers.delete('r1');
    expect((await claim.execute(token)).kind).toBe('over');
    expect(reports.claimCalls).toHaveLength(1);
    expect(reports.claimers.has('r1')).toBe(false);
  });

  it('refuses a forged token, one whose member was changed, and an expired one, changing nothing', async () => {
    const [encoded, signature] = tokenFor('ada').split('.');
    const otherMember = Buffer.from(Buffer.from(encoded!, 'base64url').toString().replace('"ada"', '"bea"')).toString('base64url');
    for (const token of [`${otherMember}.${signature}`, 'not-a-token', `${encoded}.${'A'.repeat(43)}`, new HmacClaimTokens('another-secret-of-at-least-thirty-two-bytes').sign({ reportId: 'r1', memberId: 'bea', sendKey: 'k', expiresAt: EXPIRES })]) {
      await expect(claim.execute(token)).rejects.toMatchObject({ code: 'NOTIFICATION.INVALID_CLAIM_TOKEN' });
      await expect(view.execute(token)).rejects.toBeInstanceOf(NotificationError);
    }
    clock.advance(EXPIRES.getTime() - NOW.getTime());
    await expect(claim.execute(tokenFor('ada'))).rejects.toMatchObject({ code: 'NOTIFICATION.CLAIM_TOKEN_EXPIRED' });
    expect(reports.claimCalls).toEqual([]);
  });

  it('claims nothing with a test alert’s token', async () => {
    expect(await claim.execute(tokenFor('ada', { test: true }))).toEqual({ kind: 'test', claimCode: '', message: TEST_CLAIM_MESSAGE });
    expect(reports.claimCalls).toEqual([]);
  });

  it('shows the alert as the claim page does — the town, never the street — and whose it is once claimed', async () => {
    const token = tokenFor('ada');
    expect(await view.execute(token)).toEqual({
      reportId: 'r1',
      claimCode: '04217',
      size: 'Basketball',
      elevationFeet: 12,
      distanceMiles: 2.5,
      town: 'Eugene, OR',
      thumbnailUrl: `https://swarm.example/api/alerts/claim/${token}/thumbnail`,
      alertedAt: NOW,
      state: 'open',
      test: false,
      memberId: 'ada',
    });
    await dispatches.changeReportState('r1', { state: 'claimed', at: new Date(NOW.getTime() + 1_000) });
    lifecycle.claimers.set('r1', { memberId: 'ada', claimedAt: NOW });
    reports.claimers.set('r1', 'ada');
    // The claimer, and only the claimer, now sees where it is and who to call.
    expect(await view.execute(token)).toMatchObject({
      state: 'yours',
      location: { address: '1 Hive Way, Portland, OR', reporterName: 'Jo Doe', reporterPhone: '5035550177', mapUrl: 'https://maps.google.com/?q=45.50000,-122.60000' },
    });
    expect(await view.execute(tokenFor('bea'))).toMatchObject({ state: 'taken' });
    expect(await view.execute(tokenFor('bea'))).not.toHaveProperty('location');
    await dispatches.changeReportState('r1', { state: 'expired', at: new Date(NOW.getTime() + 2_000) });
    expect((await view.execute(token)).state).toBe('over');
  });
});
