import { DEFAULT_LANGUAGE, type LanguageLabel } from '@swarm/proto/labels';
import {
  alreadyClaimedReply,
  alreadyYoursReply,
  claimedReply,
  HELP_REPLY,
  isUsSender,
  nationalNumber,
  OPT_IN_REPLY,
  OPT_OUT_REPLY,
  readInboundSms,
  TOO_MANY_WRONG_CODES_REPLY,
  UNKNOWN_CODE_REPLY,
  WRONG_CODE_LIMIT,
  WRONG_CODE_WINDOW_MS,
} from '../domain/inbound-sms.js';
import { NotificationError } from '../domain/notification-error.js';
import { TEST_ALERT_FACTS, TEST_CLAIM_MESSAGE } from '../domain/test-alert.js';
import { NO_OUTCOME_PROMPT_REPLY, outcomeRecordedReply, reporterGoneReply, reporterTexts } from '../domain/follow-up-texts.js';
import type { ReportLifecycle } from './ports/other-services.js';
import { heldAlertOf, type HeldAlert } from '../domain/sent-alert.js';
import type { InboundSmsRepository, MemberContacts, ReportClaims } from './ports/inbound.js';
import type { Clock } from './ports/clock-and-log.js';
import type { DispatchRepository, SentAlertRepository, SentTextRepository, SmsOptOutRepository } from './ports/stores.js';

export type InboundSms = { from: string; body: string; messageSid: string };

/** The longest message a provider delivers as one inbound SMS (10 concatenated segments). */
export const MAX_INBOUND_BODY_LENGTH = 1600;
const MESSAGE_SID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

export class HandleInboundSms {
  constructor(
    private readonly ports: {
      messages: InboundSmsRepository;
      members: MemberContacts;
      reports: ReportClaims;
      clock: Clock;
      /** The alerts this service sent, attached to a claim so a reply that overtakes alert.sent still claims. */
      dispatches: Pick<DispatchRepository, 'findLiveByClaimCode' | 'findReporterLanguage'>;
      sentAlerts: Pick<SentAlertRepository, 'findForMember'>;
      /** GONE from a reporter, and the claimer's answer to the outcome prompt. */
      lifecycle: Pick<ReportLifecycle, 'markDepartedByReporter' | 'recordClaimOutcome'>;
      texts: Pick<SentTextRepository, 'latestOutcomePrompt'>;
      optOuts: SmsOptOutRepository;
    },
  ) {}

  /**
   * Acts on the SMS once and answers the reply text (the same reply again for a repeated delivery). A sender outside
   * the US cannot be a member: nothing is done, recorded or answered.
   */
  async execute(sms: InboundSms): Promise<string> {
    const from = sms.from.trim();
    // Said to the provider's webhook (the gateway answers them as a 400), which logs them for the operator.
    if (!MESSAGE_SID_SHAPE.test(sms.messageSid)) throw new NotificationError('NOTIFICATION.INVALID_INBOUND_SMS', 'MessageSid is missing or invalid.');
    if (sms.body.length > MAX_INBOUND_BODY_LENGTH) throw new NotificationError('NOTIFICATION.INVALID_INBOUND_SMS', 'Body is too long.');
    if (!isUsSender(from)) return '';

    const now = this.ports.clock.now();
    const recorded = await this.ports.messages.recordIfAbsent({ messageSid: sms.messageSid, from, receivedAt: now });
    if (recorded.kind === 'duplicate') return recorded.reply ?? '';

    let outcome: { reply: string; wrongCode: boolean };
    try {
      outcome = await this.decide(from, sms.body, now);
    } catch (error) {
      // The member or report service failed: the provider's retry (or a redelivery) must get a second chance rather
      // than an empty reply. Every action taken so far is idempotent, so handling it again is safe.
      await this.ports.messages.release(sms.messageSid);
      throw error;
    }
    await this.ports.messages.saveOutcome(sms.messageSid, outcome);
    return outcome.reply;
  }

  /**
   * A number may be a member's, a reporter's or both: GONE always applies to the reports the number made; claim codes
   * and outcome answers are the member's; help is the member's or, for any other number, the reporter's.
   */
  private async decide(from: string, body: string, now: Date): Promise<{ reply: string; wrongCode: boolean }> {
    const intent = readInboundSms(body);
    const answer = (reply: string, wrongCode = false) => ({ reply, wrongCode });
    if (intent.kind === 'gone') {
      return answer(reporterGoneReply(await this.ports.lifecycle.markDepartedByReporter(from), await this.reporterLanguage(from)));
    }

    const memberId = await this.ports.members.findMemberIdByPhone(from);
    if (intent.kind === 'opt-out' || intent.kind === 'opt-in') {
      // The confirmation goes even to an unknown number: the provider and carrier honour the keyword regardless. The
      // number's own opt-out stops the texts to a reporter (and every other follow-up text) as DND stops alerts.
      if (intent.kind === 'opt-out') await this.ports.optOuts.optOut(from, now);
      else await this.ports.optOuts.optIn(from, now);
      if (!memberId) {
        const texts = reporterTexts[await this.reporterLanguage(from)];
        return answer(intent.kind === 'opt-out' ? texts.optOut : texts.optIn);
      }
      await this.ports.members.setDoNotDisturb(memberId, intent.kind === 'opt-out');
      return answer(intent.kind === 'opt-out' ? OPT_OUT_REPLY : OPT_IN_REPLY);
    }
    if (!memberId) return answer(reporterTexts[await this.reporterLanguage(from)].help);
    if (intent.kind === 'help' || intent.kind === 'other') return answer(HELP_REPLY);
    if (intent.kind === 'outcome') return answer(await this.recordOutcome(memberId, intent.outcome));

    // Five digits are easy to guess: after a few misses in an hour the number's codes are refused for a while.
    const misses = await this.ports.messages.countWrongCodesSince(from, new Date(now.getTime() - WRONG_CODE_WINDOW_MS));
    if (misses >= WRONG_CODE_LIMIT) return answer(TOO_MANY_WRONG_CODES_REPLY);
    const outcome = await this.ports.reports.claimByCode(intent.claimCode, memberId, await this.heldAlert(intent.claimCode, memberId));
    switch (outcome.kind) {
      case 'claimed':
        // The location text follows from the report.claimed event, as it does for a claim in the member area.
        return answer(claimedReply(outcome.claimCode));
      case 'already-yours':
        return answer(alreadyYoursReply(outcome.claimCode));
      case 'already-claimed':
        return answer(alreadyClaimedReply(intent.claimCode));
      case 'not-found':
        // A test alert's code is no swarm's (unless a live report drew it, claimed above): it answers as the test
        // alert's claim does on the other channels, and is no wrong guess.
        if (intent.claimCode === TEST_ALERT_FACTS.claimCode) return answer(TEST_CLAIM_MESSAGE);
        return answer(UNKNOWN_CODE_REPLY, true);
    }
  }

  /** The language of the newest report this number asked to be texted about; English for a number we do not know. */
  private async reporterLanguage(from: string): Promise<LanguageLabel> {
    return (await this.ports.dispatches.findReporterLanguage(nationalNumber(from))) ?? DEFAULT_LANGUAGE;
  }

  /** A lone digit answers the member's most recent outcome prompt. */
  private async recordOutcome(memberId: string, outcome: Parameters<typeof outcomeRecordedReply>[0]): Promise<string> {
    const prompt = await this.ports.texts.latestOutcomePrompt(memberId);
    if (!prompt) return NO_OUTCOME_PROMPT_REPLY;
    const recorded = await this.ports.lifecycle.recordClaimOutcome(prompt.reportId, memberId, outcome);
    return recorded === 'recorded' ? outcomeRecordedReply(outcome) : NO_OUTCOME_PROMPT_REPLY;
  }

  /** The alert sent to the member about the report holding this code, if this service sent one. */
  private async heldAlert(claimCode: string, memberId: string): Promise<HeldAlert | undefined> {
    for (const report of await this.ports.dispatches.findLiveByClaimCode(claimCode)) {
      const held = heldAlertOf(await this.ports.sentAlerts.findForMember(report.reportId, memberId));
      if (held) return held;
    }
    return undefined;
  }
}
