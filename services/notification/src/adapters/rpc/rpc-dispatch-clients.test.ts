import { timestampDate } from '@bufbuild/protobuf/wkt';
import { createClient, createRouterTransport } from '@connectrpc/connect';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { ReportService, type ClaimReportByCodeRequest } from '@swarm/proto/report/v1/report_service';
import { describe, expect, it } from 'vitest';
import { RpcMemberDirectory } from './rpc-dispatch-directory.js';
import { RpcReportClaims } from './rpc-report-claims.js';

describe('RpcMemberDirectory', () => {
  it('asks for many members in batches within the member service’s limit and reads their settings', async () => {
    const asked: number[] = [];
    const directory = new RpcMemberDirectory(
      createClient(
        MemberService,
        createRouterTransport((router) =>
          router.service(MemberService, {
            listAlertSettings: (request) => {
              if (request.memberIds.length > 1_000) throw new Error('too many ids');
              asked.push(request.memberIds.length);
              return {
                settings: request.memberIds.map((memberId) => ({
                  memberId,
                  version: 3,
                  phoneNumber: '5035550100',
                  timeZone: 'America/Chicago',
                  availability: { doNotDisturb: true, elevationMaximumFeet: 20, rangeInMiles: 5, days: [{ fromHour: 9, toHour: 17 }] },
                  ...(memberId === 'm-1'
                    ? {
                        channels: { sms: false, push: true, email: true },
                        email: 'ada@example.org',
                        pushTargets: [{ deviceId: 'd1', name: 'Pixel', endpoint: 'https://push.example/abc', p256dh: 'key', auth: 'secret' }],
                      }
                    : {}),
                })),
              };
            },
          }),
        ),
      ),
    );
    const ids = Array.from({ length: 1_200 }, (_, index) => `m-${index}`);
    const settings = await directory.listAlertSettings(ids);
    expect(asked.reduce((sum, count) => sum + count, 0)).toBe(1_200);
    expect(Math.max(...asked)).toBeLessThanOrEqual(1_000);
    expect(settings.map((entry) => entry.memberId)).toEqual(ids);
    expect(settings[0]).toEqual({
      memberId: 'm-0',
      version: 3,
      name: '',
      phoneNumber: '5035550100',
      timeZone: 'America/Chicago',
      availability: { doNotDisturb: true, elevationMaximumFeet: 20, days: [{ fromHour: 9, toHour: 17 }] },
      pushTargets: [],
    });
    // A member who chose channels, with their email and devices.
    expect(settings[1]).toMatchObject({
      channels: { sms: false, push: true, email: true },
      email: 'ada@example.org',
      pushTargets: [{ deviceId: 'd1', name: 'Pixel', endpoint: 'https://push.example/abc', p256dh: 'key', auth: 'secret' }],
    });
    expect(await directory.listAlertSettings([])).toEqual([]);
  });
});

describe('RpcReportClaims attaching the alert it sent', () => {
  it('sends the alert with the claim by code, and no alert when it holds none', async () => {
    const requests: ClaimReportByCodeRequest[] = [];
    const claims = new RpcReportClaims(
      createClient(
        ReportService,
        createRouterTransport((router) =>
          router.service(ReportService, {
            claimReportByCode: (request) => {
              requests.push(request);
              return { reportId: 'r1', claimCode: request.claimCode, alreadyYours: false };
            },
          }),
        ),
      ),
    );
    const alertedAt = new Date('2026-06-01T18:00:00Z');
    await claims.claimByCode('12345', 'ada', { reportId: 'r1', companyId: 'c1', companyName: 'Bees', distanceMiles: 1.5, alertedAt });
    await claims.claimByCode('12345', 'grace');
    expect(requests[0]?.alert).toMatchObject({ reportId: 'r1', companyId: 'c1', companyName: 'Bees', distanceMiles: 1.5 });
    expect(requests[0]?.alert?.alertedAt && timestampDate(requests[0].alert.alertedAt)).toEqual(alertedAt);
    expect(requests[1]?.alert).toBeUndefined();
  });
});
