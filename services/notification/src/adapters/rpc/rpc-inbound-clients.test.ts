import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { DomainErrorDetailSchema } from '@swarm/proto/common/v1/error';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { ReportService } from '@swarm/proto/report/v1/report_service';
import { describe, expect, it } from 'vitest';
import { RpcMemberContacts } from './rpc-member-contacts.js';
import { RpcReportClaims } from './rpc-report-claims.js';

const refusal = (code: Code, rule: string) =>
  new ConnectError(rule, code, undefined, [{ desc: DomainErrorDetailSchema, value: create(DomainErrorDetailSchema, { code: rule }) }]);

describe('RpcReportClaims', () => {
  const claims = (byCode: (code: string) => { reportId: string; claimCode: string; alreadyYours: boolean }) =>
    new RpcReportClaims(
      createClient(
        ReportService,
        createRouterTransport((router) =>
          router.service(ReportService, {
            claimReportByCode: (request) => byCode(request.claimCode),
            getClaimDetails: (request) => {
              if (request.memberId !== 'ada') throw refusal(Code.PermissionDenied, 'REPORT.NOT_CLAIMER');
              return { address: '1 Hive Way', location: { latitude: 1, longitude: 2 }, reporterName: 'Jo', reporterPhone: '5035550177', claimCode: '12345' };
            },
          }),
        ),
      ),
    );

  it('reads a claim, a repeat claim and each refusal as its outcome', async () => {
    const outcomes = await Promise.all(
      [
        () => ({ reportId: 'r1', claimCode: '12345', alreadyYours: false }),
        () => ({ reportId: 'r1', claimCode: '12345', alreadyYours: true }),
        () => {
          throw refusal(Code.FailedPrecondition, 'REPORT.ALREADY_CLAIMED');
        },
        () => {
          throw refusal(Code.NotFound, 'REPORT.NOT_FOUND');
        },
        () => {
          throw refusal(Code.PermissionDenied, 'REPORT.NOT_ALERTED');
        },
      ].map((byCode) => claims(byCode).claimByCode('12345', 'ada')),
    );
    expect(outcomes).toEqual([
      { kind: 'claimed', reportId: 'r1', claimCode: '12345' },
      { kind: 'already-yours', reportId: 'r1', claimCode: '12345' },
      { kind: 'already-claimed' },
      { kind: 'not-found' },
      { kind: 'not-found' },
    ]);
  });

  it('passes on an unexpected failure so the caller can retry', async () => {
    const failing = claims(() => {
      throw new ConnectError('down', Code.Unavailable);
    });
    await expect(failing.claimByCode('12345', 'ada')).rejects.toMatchObject({ code: Code.Unavailable });
  });

  it('gives the claim details to the claimer and undefined to anyone else', async () => {
    const reports = claims(() => ({ reportId: 'r1', claimCode: '12345', alreadyYours: false }));
    expect(await reports.getClaimDetails('r1', 'ada')).toEqual({
      claimCode: '12345',
      address: '1 Hive Way',
      location: { latitude: 1, longitude: 2 },
      reporterName: 'Jo',
      reporterPhone: '5035550177',
    });
    expect(await reports.getClaimDetails('r1', 'grace')).toBeUndefined();
  });
});

describe('RpcMemberContacts', () => {
  const calls: string[] = [];
  const contacts = new RpcMemberContacts(
    createClient(
      MemberService,
      createRouterTransport((router) =>
        router.service(MemberService, {
          findMemberByPhone: (request) => {
            if (request.phoneNumber !== '+15035550100') throw refusal(Code.NotFound, 'MEMBER.NOT_FOUND');
            return { member: { memberId: 'ada', phoneNumber: '5035550100' } };
          },
          getMember: (request) => {
            if (request.memberId === 'missing') throw refusal(Code.NotFound, 'MEMBER.NOT_FOUND');
            return { member: { memberId: request.memberId, phoneNumber: request.memberId === 'ada' ? '5035550100' : '' } };
          },
          setDoNotDisturb: (request) => {
            calls.push(`${request.memberId}:${request.doNotDisturb}`);
            return { member: { memberId: request.memberId } };
          },
        }),
      ),
    ),
  );

  it('finds members by phone and their phone numbers, NOT_FOUND and no phone reading as undefined', async () => {
    expect(await contacts.findMemberIdByPhone('+15035550100')).toBe('ada');
    expect(await contacts.findMemberIdByPhone('+15035550199')).toBeUndefined();
    expect(await contacts.findPhoneNumber('ada')).toBe('5035550100');
    expect(await contacts.findPhoneNumber('grace')).toBeUndefined();
    expect(await contacts.findPhoneNumber('missing')).toBeUndefined();
    await contacts.setDoNotDisturb('ada', true);
    expect(calls).toEqual(['ada:true']);
  });
});
