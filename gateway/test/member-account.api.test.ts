import { createECDH, randomBytes } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createClient, createRouterTransport, type Client, type ConnectRouter } from '@connectrpc/connect';
import { buildAssociationBillingService, DEFAULT_LOW_BALANCE_THRESHOLD_CENTS, memoryAssociationBillingStores } from '@swarm/association-billing-service';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { AlertChannel } from '@swarm/proto/common/v1/channel';
import { NotificationService } from '@swarm/proto/notification/v1/notification_service';
import { ClaimOutcome, SwarmSize } from '@swarm/proto/report/v1/report';
import { ReportService } from '@swarm/proto/report/v1/report_service';
import { LogMailer, secureRandomBelow, systemClock, uuidIds } from '@swarm/runtime';
import { testLogger } from '@swarm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MEMBER_DATA_FILE_NAME } from '../src/routes/member-account.js';
import { logInByMagicLink, setCookiesOf, startMemberGateway, type TestGateway } from './member-harness.js';

/** A push subscription as a browser makes one, on a public push service. */
function browserSubscription() {
  const userAgent = createECDH('prime256v1');
  userAgent.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`,
    keys: { p256dh: userAgent.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describe('member account API: delete my account, download my data', () => {
  let gateway: TestGateway;
  let billing: Client<typeof AssociationBillingService>;
  /** Member ids the report service was asked about. */
  let reportsAskedFor: string[];
  let reportServiceDown: boolean;

  const reportRoutes = (router: ConnectRouter) =>
    router.service(ReportService, {
      listActiveReportsForMember: ({ memberId }) => {
        reportsAskedFor.push(memberId);
        if (reportServiceDown) throw new ConnectError('down', Code.Unavailable);
        return {
          reports: [
            { reportId: `active-of-${memberId}`, createdAt: timestampFromDate(new Date('2026-06-01T10:00:00Z')), claimCode: '01234', size: SwarmSize.SOFTBALL, elevationFeet: 8, distanceMiles: 1.234 },
          ],
        };
      },
      listClaimedReportsForMember: ({ memberId }) => {
        reportsAskedFor.push(memberId);
        return {
          reports: [
            {
              reportId: `claimed-by-${memberId}`,
              createdAt: timestampFromDate(new Date('2026-05-30T10:00:00Z')),
              claimedAt: timestampFromDate(new Date('2026-05-30T10:05:00Z')),
              claimCode: '54321',
              size: SwarmSize.BASKETBALL,
              elevationFeet: 12,
              companyName: 'Portland Beekeepers',
              outcome: ClaimOutcome.CAPTURED,
            },
          ],
        };
      },
    });

  const notificationRoutes = (router: ConnectRouter) =>
    router.service(NotificationService, {
      listMemberAlerts: ({ memberId }) => ({
        alerts: [
          {
            reportId: `alerted-${memberId}`,
            companyName: 'Portland Beekeepers',
            distanceMiles: 2.345,
            channels: [AlertChannel.SMS, AlertChannel.PUSH],
            sentAt: timestampFromDate(new Date('2026-05-29T09:00:00Z')),
          },
        ],
      }),
    });

  beforeEach(async () => {
    reportsAskedFor = [];
    reportServiceDown = false;
    const logger = testLogger();
    const billingService = buildAssociationBillingService({
      ...memoryAssociationBillingStores(),
      mailer: new LogMailer(logger),
      log: logger,
      clock: systemClock,
      ids: uuidIds,
      randomBelow: secureRandomBelow,
      lowBalanceThresholdCents: DEFAULT_LOW_BALANCE_THRESHOLD_CENTS,
    });
    billing = createClient(AssociationBillingService, createRouterTransport(billingService.routes));
    gateway = await startMemberGateway({ publicUrl: 'http://localhost:8080', reportRoutes, notificationRoutes, associationBillingRoutes: billingService.routes });
  });
  afterEach(async () => {
    await gateway.close();
  });

  const call = async (cookie: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${gateway.url}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown>, headers: response.headers };
  };

  /** A member with information, a device and an association: the cookie of their session. */
  async function aKnownMember(email: string, name: string): Promise<{ cookie: string; subscription: ReturnType<typeof browserSubscription> }> {
    const cookie = await logInByMagicLink(gateway, email);
    expect((await call(cookie, 'PUT', '/api/member/information', { name, phoneNumber: '5035550100', address: '12 Oak St, Portland, OR, USA' })).status).toBe(200);
    const subscription = browserSubscription();
    expect((await call(cookie, 'POST', '/api/member/devices', { name: 'My phone', subscription })).status).toBe(201);
    const { association } = await billing.createAssociation({ companyName: 'Portland Beekeepers', donationUrl: '' });
    const { activationCode } = await billing.issueActivationCode({ companyId: association?.companyId ?? '' });
    expect((await call(cookie, 'POST', '/api/member/company', { memberActivationCode: activationCode })).status).toBe(200);
    return { cookie, subscription };
  }

  describe('only the member themself', () => {
    it.each([
      ['DELETE', '/api/member/account'],
      ['GET', '/api/member/data'],
    ])('%s %s answers 401 without a live session', async (method, path) => {
      for (const cookie of ['', 'swarm_session=forged', 'swarm_session=%E0%A4%A']) {
        expect((await call(cookie, method, path)).status).toBe(401);
      }
    });

    it('refuses a deletion sent from another site with 403, deleting nothing', async () => {
      const cookie = await logInByMagicLink(gateway, 'ada@example.org');
      expect((await call(cookie, 'DELETE', '/api/member/account', undefined, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      expect((await call(cookie, 'DELETE', '/api/member/account', undefined, { origin: 'https://evil.example' })).status).toBe(403);
      expect((await call(cookie, 'GET', '/api/member/information')).status).toBe(200);
    });

    it("gives each member their own data and never another member's", async () => {
      const ada = await aKnownMember('ada@example.org', 'Ada Lovelace');
      const grace = await aKnownMember('grace@example.org', 'Grace Hopper');
      const adaData = (await call(ada.cookie, 'GET', '/api/member/data')).json();
      const graceData = (await call(grace.cookie, 'GET', '/api/member/data')).json();
      expect(adaData.member).toMatchObject({ email: 'ada@example.org', name: 'Ada Lovelace' });
      expect(graceData.member).toMatchObject({ email: 'grace@example.org', name: 'Grace Hopper' });
      expect(JSON.stringify(adaData)).not.toContain('grace');
      const adaId = (adaData.member as { memberId: string }).memberId;
      expect(reportsAskedFor.slice(0, 2)).toEqual([adaId, adaId]);
    });

    it("deletes only the member's own account: another member keeps theirs", async () => {
      const ada = await logInByMagicLink(gateway, 'ada@example.org');
      const grace = await logInByMagicLink(gateway, 'grace@example.org');
      expect((await call(ada, 'DELETE', '/api/member/account')).status).toBe(204);
      expect((await call(grace, 'GET', '/api/member/information')).status).toBe(200);
    });
  });

  describe('download my data', () => {
    it('answers every thing kept about the member as a JSON file, devices without their subscription', async () => {
      const { cookie, subscription } = await aKnownMember('ada@example.org', 'Ada Lovelace');
      const response = await call(cookie, 'GET', '/api/member/data');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${MEMBER_DATA_FILE_NAME}"`);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const data = response.json();
      expect(data.member).toMatchObject({ email: 'ada@example.org', name: 'Ada Lovelace', phoneNumber: '5035550100', address: '12 Oak St, Portland, OR, USA' });
      expect(data.availability).toMatchObject({ doNotDisturb: false, rangeInMiles: 5, elevationMaximum: 10 });
      expect(data.alertChannels).toMatchObject({ sms: true, devices: [{ name: 'My phone', deviceId: expect.any(String), addedAt: expect.any(String) }] });
      expect(data.associations).toEqual([expect.objectContaining({ companyName: 'Portland Beekeepers', status: 'a' })]);
      const { memberId } = data.member as { memberId: string };
      expect(data.alertsReceived).toEqual([
        { reportId: `alerted-${memberId}`, companyName: 'Portland Beekeepers', distanceMiles: 2.35, channels: ['sms', 'push'], sentAt: '2026-05-29T09:00:00.000Z' },
      ]);
      expect(data.activeSwarmsAlerted).toEqual([expect.objectContaining({ claimCode: '01234', size: 'Softball', distanceFromHome: 1.23 })]);
      expect(data.claimedSwarms).toEqual([expect.objectContaining({ claimCode: '54321', companyName: 'Portland Beekeepers', outcome: 'Captured' })]);
      expect(response.text).not.toContain(subscription.endpoint);
      expect(response.text).not.toContain(subscription.keys.auth);
      expect(response.text).not.toContain(subscription.keys.p256dh);
    });

    it('answers 503 with a sentence when a service holding part of the data is down', async () => {
      const cookie = await logInByMagicLink(gateway, 'ada@example.org');
      reportServiceDown = true;
      const response = await call(cookie, 'GET', '/api/member/data');
      expect(response.status).toBe(503);
      expect(response.json().message).toBe(ACCOUNT_MESSAGES.downloadFailed);
    });
  });

  describe('delete my account', () => {
    it('erases the member, ends every session of theirs and clears the cookie', async () => {
      const { cookie } = await aKnownMember('ada@example.org', 'Ada Lovelace');
      const otherBrowser = await logInByMagicLink(gateway, 'ada@example.org');
      const { memberId } = (await call(cookie, 'GET', '/api/member/data')).json().member as { memberId: string };

      const response = await call(cookie, 'DELETE', '/api/member/account');
      expect(response.status).toBe(204);
      expect(setCookiesOf(response)).toEqual([{ name: 'swarm_session', value: '', attributes: ['HttpOnly', 'Max-Age=0', 'Path=/', 'SameSite=Lax'] }]);
      expect((await call(cookie, 'GET', '/api/member/information')).status).toBe(401);
      expect((await call(otherBrowser, 'GET', '/api/member/information')).status).toBe(401);
      await expect(gateway.clients.member.getMember({ memberId })).rejects.toMatchObject({ code: Code.NotFound });
    });

    it('lets the email log in again later as a new member with nothing of the old one', async () => {
      const { cookie } = await aKnownMember('ada@example.org', 'Ada Lovelace');
      await call(cookie, 'DELETE', '/api/member/account');
      const again = await logInByMagicLink(gateway, 'ada@example.org');
      expect((await call(again, 'GET', '/api/member/information')).json()).toMatchObject({ name: '', phoneNumber: '', address: '' });
      expect((await call(again, 'GET', '/api/member/alert-channels')).json()).toMatchObject({ devices: [] });
    });
  });
});
