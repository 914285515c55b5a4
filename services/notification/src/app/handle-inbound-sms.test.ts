import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryOutbox } from '@swarm/runtime';
import { MemoryDispatchRepository } from '../adapters/memory/memory-dispatch-repository.js';
import { MemoryInboundSmsRepository } from '../adapters/memory/memory-inbound-sms-repository.js';
import { MemorySentAlertRepository } from '../adapters/memory/memory-sent-alert-repository.js';
import { MemorySentTextRepository } from '../adapters/memory/memory-sent-text-repository.js';
import { MemorySmsOptOutRepository } from '../adapters/memory/memory-sms-opt-out-repository.js';
import {
  NO_LIVE_REPORT_REPLY,
  NO_OUTCOME_PROMPT_REPLY,
  outcomeRecordedReply,
  REPORTER_GONE_CLAIMER_TOLD_REPLY,
  REPORTER_GONE_REPLY,
  REPORTER_GONE_SETTLED_REPLY,
  REPORTER_HELP_REPLY,
  REPORTER_OPT_IN_REPLY,
  REPORTER_OPT_OUT_REPLY,
  reporterTexts,
} from '../domain/follow-up-texts.js';
import { seedDispatch } from '../testing/dispatch-fakes.js';
import {
  alreadyClaimedReply,
  alreadyYoursReply,
  claimedReply,
  HELP_REPLY,
  OPT_IN_REPLY,
  OPT_OUT_REPLY,
  TOO_MANY_WRONG_CODES_REPLY,
  UNKNOWN_CODE_REPLY,
} from '../domain/inbound-sms.js';
import { NotificationError } from '../domain/notification-error.js';
import { TEST_CLAIM_MESSAGE } from '../domain/test-alert.js';
import { HandleInboundSms } from './handle-inbound-sms.js';
import { FakeMemberContacts, FakeReportClaims, FakeReportLifecycle } from './inbound-fakes.test-support.js';

describe('HandleInboundSms', () => {
  let now: Date;
  let members: FakeMemberContacts;
  let reports: FakeReportClaims;
  let dispatches: MemoryDispatchRepository;
  let sentAlerts: MemorySentAlertRepository;
  let lifecycle: FakeReportLifecycle;
  let texts: MemorySentTextRepository;
  let optOuts: MemorySmsOptOutRepository;
  let handle: HandleInboundSms;
  let sid = 0;
  const sms = (from: string, body: string, messageSid = `SM${(sid += 1)}`) => handle.execute({ from, body, messageSid });
  const ADA = '+15035550100';
  const GRACE = '+15035550101';

  beforeEach(() => {
    now = new Date('2026-06-01T18:00:00Z');
    members = new FakeMemberContacts({ ada: '5035550100', grace: '5035550101' });
    reports = new FakeReportClaims([
      { reportId: 'report-1', claimCode: '12345', alerted: ['ada', 'grace'] },
      { reportId: 'report-2', claimCode: '54321', alerted: ['grace'] },
      // Its alert to Ada went out, and the report service has not yet heard of it.
      { reportId: 'report-3', claimCode: '77777', alerted: [] },
    ]);
    dispatches = new MemoryDispatchRepository();
    sentAlerts = new MemorySentAlertRepository(new MemoryOutbox());
    lifecycle = new FakeReportLifecycle();
    texts = new MemorySentTextRepository();
    optOuts = new MemorySmsOptOutRepository();
    handle = new HandleInboundSms({
      messages: new MemoryInboundSmsRepository(),
      members,
      reports,
      clock: { now: () => now },
      dispatches,
      sentAlerts,
      lifecycle,
      texts,
      optOuts,
    });
  });

  it('sets Do Not Disturb on an opt-out keyword and clears it on an opt-in keyword, confirming each', async () => {
    expect(await sms(ADA, ' stop ')).toBe(OPT_OUT_REPLY);
    expect(members.doNotDisturb.get('ada')).toBe(true);
    expect(await sms(ADA, 'Unstop')).toBe(OPT_IN_REPLY);
    expect(members.doNotDisturb.get('ada')).toBe(false);
    expect(await sms(GRACE, 'OPTOUT')).toBe(OPT_OUT_REPLY);
    expect(members.doNotDisturb.get('grace')).toBe(true);
  });

  it('confirms an opt-out from a number that is no member’s in the reporter’s words, changing no member, and keeps the number from every follow-up text until START', async () => {
    expect(await sms('+15035550199', 'STOP')).toBe(REPORTER_OPT_OUT_REPLY);
    expect(members.doNotDisturb.size).toBe(0);
    expect(await optOuts.isOptedOut('5035550199')).toBe(true);
    expect(await sms('+15035550199', 'start')).toBe(REPORTER_OPT_IN_REPLY);
    expect(await optOuts.isOptedOut('5035550199')).toBe(false);
  });

  it("answers a reporter who used the site in Spanish in Spanish (their newest report's language), and an unknown number in English", async () => {
    const reporter = '+15035550166';
    await seedDispatch(dispatches, { reportId: 'report-es', reporterUpdates: true, reporterPhone: '5035550166', reporterLanguage: 'es' });
    lifecycle.liveByReporter.set('5035550166', ['report-es']);
    expect(await sms(reporter, 'Se fue')).toBe(reporterTexts.es.goneClosed);
    expect(lifecycle.departed).toEqual(['report-es']);
    expect(await sms(reporter, 'GONE')).toBe(reporterTexts.es.noLiveReport);
    expect(await sms(reporter, 'STOP')).toBe(reporterTexts.es.optOut);
    expect(await sms(reporter, 'START')).toBe(reporterTexts.es.optIn);
    expect(await sms(reporter, 'hola?')).toBe(reporterTexts.es.help);
    expect(await sms('+15035550199', 'STOP')).toBe(REPORTER_OPT_OUT_REPLY);
    // A later report in English from the same number: its answers are English again.
    await seedDispatch(dispatches, { reportId: 'report-en', reporterUpdates: true, reporterPhone: '5035550166', reporterLanguage: 'en', submittedAt: new Date('2026-06-02T00:00:00Z') });
    expect(await sms(reporter, 'help')).toBe(REPORTER_HELP_REPLY);
  });

  it("closes the reporter's live reports on GONE, LEFT or GONE NOW in any case, and thanks them", async () => {
    const reporter = '+15035550177';
    lifecycle.liveByReporter.set('5035550177', ['report-1', 'report-2']);
    expect(await sms(reporter, '  gone   now ')).toBe(REPORTER_GONE_REPLY);
    expect(lifecycle.departed).toEqual(['report-1', 'report-2']);
    expect(await sms(reporter, 'Left')).toBe(NO_LIVE_REPORT_REPLY);
    expect(await sms(reporter, 'GONE?')).toBe(REPORTER_HELP_REPLY);
    expect(await sms(reporter, 'hello?')).toBe(REPORTER_HELP_REPLY);
  });

  it('answers GONE while a beekeeper holds the report by saying they are told, and closes nothing', async () => {
    lifecycle.liveByReporter.set('5035550177', ['report-1']);
    lifecycle.claimers.set('report-1', { memberId: 'ada', claimedAt: now });
    expect(await sms('+15035550177', 'GONE')).toBe(REPORTER_GONE_CLAIMER_TOLD_REPLY);
    expect(await sms('+15035550177', 'gone')).toBe(REPORTER_GONE_CLAIMER_TOLD_REPLY);
    expect(lifecycle.claimersTold).toEqual(['report-1']);
    expect(lifecycle.departed).toEqual([]);
  });

  it('only thanks the reporter for GONE once the claimer recorded what happened, or once the report closed', async () => {
    lifecycle.liveByReporter.set('5035550177', ['report-1']);
    lifecycle.claimers.set('report-1', { memberId: 'ada', claimedAt: now });
    lifecycle.outcomes.set('report-1', 'Captured');
    expect(await sms('+15035550177', 'GONE')).toBe(REPORTER_GONE_SETTLED_REPLY);
    // A closed report is no longer live: the number has nothing open.
    lifecycle.liveByReporter.set('5035550177', []);
    expect(await sms('+15035550177', 'Gone')).toBe(NO_LIVE_REPORT_REPLY);
    expect(lifecycle.claimersTold).toEqual([]);
    expect(lifecycle.departed).toEqual([]);
  });

  it("applies GONE to the reports a member's number made, while its codes stay the member's", async () => {
    lifecycle.liveByReporter.set('5035550100', ['report-9']);
    expect(await sms(ADA, 'GONE')).toBe(REPORTER_GONE_REPLY);
    expect(lifecycle.departed).toEqual(['report-9']);
    expect(await sms(ADA, '12345')).toBe(claimedReply('12345'));
  });

  it("records a lone digit as the answer to the member's most recent outcome prompt", async () => {
    lifecycle.claimers.set('report-1', { memberId: 'ada', claimedAt: now });
    lifecycle.claimers.set('report-2', { memberId: 'ada', claimedAt: now });
    await texts.beginSending({ key: 'p1', purpose: 'outcome-prompt', to: '5035550100', reportId: 'report-2', memberId: 'ada', startedAt: new Date('2026-06-01T10:00:00Z') });
    await texts.beginSending({ key: 'p2', purpose: 'outcome-prompt', to: '5035550100', reportId: 'report-1', memberId: 'ada', startedAt: new Date('2026-06-01T12:00:00Z') });
    expect(await sms(ADA, ' 3 ')).toBe(outcomeRecordedReply('Not honey bees'));
    expect(lifecycle.outcomes).toEqual(new Map([['report-1', 'Not honey bees']]));
    expect(await sms(ADA, '1')).toBe(outcomeRecordedReply('Captured'));
    expect(lifecycle.outcomes.get('report-1')).toBe('Captured');
  });

  it('answers a digit with no prompt, or for a claim no longer held, without recording anything', async () => {
    expect(await sms(GRACE, '2')).toBe(NO_OUTCOME_PROMPT_REPLY);
    await texts.beginSending({ key: 'p3', purpose: 'outcome-prompt', to: '5035550101', reportId: 'report-2', memberId: 'grace', startedAt: now });
    expect(await sms(GRACE, '2')).toBe(NO_OUTCOME_PROMPT_REPLY);
    expect(await sms(GRACE, '6')).toBe(HELP_REPLY);
    expect(lifecycle.outcomes.size).toBe(0);
  });

  it('does not treat a sentence containing a keyword as the keyword', async () => {
    expect(await sms(ADA, 'please stop texting')).toBe(HELP_REPLY);
    expect(members.doNotDisturb.size).toBe(0);
  });

  it('answers HELP, INFO and anything else with the help text', async () => {
    expect(await sms(ADA, 'help')).toBe(HELP_REPLY);
    expect(await sms(ADA, 'INFO')).toBe(HELP_REPLY);
    expect(await sms(ADA, 'where is it?')).toBe(HELP_REPLY);
    expect(await sms(ADA, '')).toBe(HELP_REPLY);
  });

  it('claims by code for the first member and tells a later one it is taken', async () => {
    expect(await sms(ADA, ' 12345 ')).toBe(claimedReply('12345'));
    expect(reports.claimers.get('report-1')).toBe('ada');
    expect(await sms(GRACE, '12345')).toBe(alreadyClaimedReply('12345'));
    expect(await sms(ADA, '12345')).toBe(alreadyYoursReply('12345'));
    expect(reports.claimers.get('report-1')).toBe('ada');
  });

  it('attaches the alert it sent the member, so a reply that overtakes alert.sent still claims', async () => {
    await seedDispatch(dispatches, { reportId: 'report-3', claimCode: '77777' });
    const startedAt = new Date('2026-06-01T17:59:58Z');
    await sentAlerts.beginSending({ sendKey: 'alert--report-3--ada--submitted', reportId: 'report-3', memberId: 'ada', companyId: 'c1', companyName: 'Bees', distanceMiles: 1.5, startedAt });
    expect(await sms(ADA, '77777')).toBe(claimedReply('77777'));
    expect(reports.claimCalls.at(-1)?.alert).toEqual({ reportId: 'report-3', companyId: 'c1', companyName: 'Bees', distanceMiles: 1.5, alertedAt: startedAt });
  });

  it('attaches no alert when it sent the member none about the report with the code', async () => {
    await seedDispatch(dispatches, { reportId: 'report-3', claimCode: '77777' });
    await sentAlerts.beginSending({ sendKey: 'alert--report-3--grace--submitted', reportId: 'report-3', memberId: 'grace', companyId: 'c1', companyName: 'Bees', distanceMiles: 1, startedAt: now });
    expect(await sms(ADA, '77777')).toBe(UNKNOWN_CODE_REPLY);
    expect(reports.claimCalls.at(-1)?.alert).toBeUndefined();
  });

  it("answers a code from an unknown number with the reporter's help text without asking the report service", async () => {
    expect(await sms('+15035550199', '12345')).toBe(REPORTER_HELP_REPLY);
    expect(reports.claimCalls).toHaveLength(0);
  });

  it('answers an unknown code, or one of a report the member was not alerted about, as unknown', async () => {
    expect(await sms(ADA, '99999')).toBe(UNKNOWN_CODE_REPLY);
    expect(await sms(ADA, '54321')).toBe(UNKNOWN_CODE_REPLY);
    expect(reports.claimers.size).toBe(0);
  });

  it("answers the test alert's code as the test alert's claim does on the other channels, and counts no wrong code", async () => {
    for (let attempt = 0; attempt < 6; attempt += 1) expect(await sms(ADA, ' 00000 ')).toBe(TEST_CLAIM_MESSAGE);
    expect(await sms(ADA, '12345')).toBe(claimedReply('12345'));
  });

  it('still claims a live report that drew the code 00000', async () => {
    reports = new FakeReportClaims([{ reportId: 'report-0', claimCode: '00000', alerted: ['ada'] }]);
    handle = new HandleInboundSms({ messages: new MemoryInboundSmsRepository(), members, reports, clock: { now: () => now }, dispatches, sentAlerts, lifecycle, texts, optOuts });
    expect(await sms(ADA, '00000')).toBe(claimedReply('00000'));
  });

  it('refuses further codes from a number after five wrong ones within an hour, and accepts them an hour later', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) expect(await sms(ADA, `0000${attempt}`)).toBe(UNKNOWN_CODE_REPLY);
    expect(await sms(ADA, '12345')).toBe(TOO_MANY_WRONG_CODES_REPLY);
    expect(reports.claimers.size).toBe(0);
    // Keywords still work while throttled.
    expect(await sms(ADA, 'STOP')).toBe(OPT_OUT_REPLY);
    // Another member's number is not throttled.
    expect(await sms(GRACE, '54321')).toBe(claimedReply('54321'));
    now = new Date(now.getTime() + 60 * 60 * 1000 + 1);
    expect(await sms(ADA, '12345')).toBe(claimedReply('12345'));
  });

  it('handles a message delivered twice once, answering the first reply again', async () => {
    expect(await sms(ADA, '99999', 'SMdup')).toBe(UNKNOWN_CODE_REPLY);
    expect(await sms(ADA, '99999', 'SMdup')).toBe(UNKNOWN_CODE_REPLY);
    expect(reports.claimCalls).toHaveLength(1);
    expect(await sms(ADA, 'STOP', 'SMdup2')).toBe(OPT_OUT_REPLY);
    members.doNotDisturb.clear();
    expect(await sms(ADA, 'STOP', 'SMdup2')).toBe(OPT_OUT_REPLY);
    expect(members.doNotDisturb.size).toBe(0);
  });

  it('handles a message again after its first handling failed (the provider retries it)', async () => {
    const claimByCode = reports.claimByCode.bind(reports);
    reports.claimByCode = async () => {
      throw new Error('report service unavailable');
    };
    await expect(sms(ADA, '12345', 'SMretry')).rejects.toThrow('report service unavailable');
    reports.claimByCode = claimByCode;
    expect(await sms(ADA, '12345', 'SMretry')).toBe(claimedReply('12345'));
  });

  it.each(['+447700900123', '+4479111234', '5035', ''])('does nothing and answers nothing to the sender %j, who cannot be a member', async (from) => {
    expect(await handle.execute({ from, body: '12345', messageSid: 'SMforeign' })).toBe('');
    // Nothing was recorded: the same message id from a member is handled as new.
    expect(await sms(ADA, '12345', 'SMforeign')).toBe(claimedReply('12345'));
  });

  it('refuses a malformed message id or an over-long body', async () => {
    for (const [from, body, messageSid, message] of [
      [ADA, 'STOP', '', 'MessageSid is missing or invalid.'],
      [ADA, 'STOP', 'SM 1', 'MessageSid is missing or invalid.'],
      [ADA, 'x'.repeat(1601), 'SM1', 'Body is too long.'],
    ] as const) {
      await expect(handle.execute({ from, body, messageSid })).rejects.toMatchObject({ code: 'NOTIFICATION.INVALID_INBOUND_SMS', message });
    }
    expect(await handle.execute({ from: ADA, body: 'x'.repeat(1600), messageSid: 'SM0123456789abcdef0123456789abcdef' })).toEqual(expect.any(String));
    await expect(handle.execute({ from: '+447700900123', body: '', messageSid: 'SM 2' })).rejects.toBeInstanceOf(NotificationError);
  });
});
