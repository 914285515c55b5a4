import { claimOutcomes, type ClaimOutcomeLabel } from '@swarm/proto/labels';
import { gsm7Length, SMS_SEGMENT_LENGTH, toGsm7 } from './sms-text.js';

/**
 * The texts around a claim that are not alerts: to the reporter who asked for updates (claimed, un-claimed, expired,
 * the answers to their replies) and to the claimer (the outcome prompt, the reporter says the swarm has left). Each is one GSM-7
 * segment whatever names it carries (checked by the tests); none is charged to an association.
 */

/** Where the reporter can look for a beekeeper when nobody here took the swarm (as the 404 page points). */
export const BEEKEEPER_SEARCH_URL = 'https://www.google.com/search?q=beekeepers+near+me';

/** `template` with `{}` replaced by `value`, cut (with an ellipsis) so that the text fits one GSM-7 segment. */
function fitted(template: string, value: string): string {
  const safe = toGsm7(value).replace(/\s+/g, ' ').trim();
  const fits = (text: string) => (gsm7Length(template.replace('{}', text)) ?? Infinity) <= SMS_SEGMENT_LENGTH;
  if (fits(safe)) return template.replace('{}', safe);
  for (let length = safe.length - 1; length > 0; length -= 1) {
    const cut = `${safe.slice(0, length).trimEnd()}...`;
    if (fits(cut)) return template.replace('{}', cut);
  }
  return template.replace('{}', '');
}

/** The first word of the name the member gave: reporters are told who is coming, not the member's full name. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

export function reporterClaimedText(claimer: { firstName: string; associationName: string }): string {
  const who = claimer.firstName ? toGsm7(claimer.firstName).slice(0, 20).trim() || 'A beekeeper' : 'A beekeeper';
  if (!toGsm7(claimer.associationName).trim()) return `Swarm Alert: ${who}, a local beekeeper, is on the way for your swarm and will call you first. Reply GONE if it leaves.`;
  return fitted(`Swarm Alert: ${who} of {} is on the way for your swarm and will call you first. Reply GONE if it leaves.`, claimer.associationName);
}

export const REPORTER_UNCLAIMED_TEXT =
  'Swarm Alert: the beekeeper who took your swarm cannot come after all. We are alerting other beekeepers near you. Reply GONE if it leaves.';

/** The un-claim text when no other beekeeper can be alerted now (nobody else covers the place, or all are away). */
export const REPORTER_UNCLAIMED_NOBODY_ELSE_TEXT =
  'Swarm Alert: the beekeeper who took your swarm cannot come after all. We will text you if another one takes it. Reply GONE if it leaves.';

export const REPORTER_EXPIRED_TEXT = `Swarm Alert: sorry, no beekeeper could take your swarm. To find one near you: ${BEEKEEPER_SEARCH_URL}`;

/** The answer to GONE when it closed the reporter's reports. */
export const REPORTER_GONE_REPLY = 'Swarm Alert: thank you for letting us know the swarm has left. Your report is closed; no beekeeper will come.';

/** The answer to GONE when a beekeeper holds the report: they are told, and they say what became of the swarm. */
export const REPORTER_GONE_CLAIMER_TOLD_REPLY = 'Swarm Alert: thank you for letting us know the swarm has left. We have told the beekeeper who took it.';

/** The answer to GONE when the beekeeper already recorded what became of the swarm: nothing changes. */
export const REPORTER_GONE_SETTLED_REPLY = 'Swarm Alert: thank you for letting us know! The beekeeper has already recorded what became of your swarm.';

/** What the reporter's GONE did to their live reports (see MarkDepartedByReporter): how many of each. */
export type ReporterGoneCounts = { departed: number; claimerTold: number; settled: number };

/**
 * The one reply to GONE. A beekeeper told comes first, since one is still on the case; then reports closed; then
 * reports already settled; a number with no live report is thanked all the same.
 */
export function reporterGoneReply(counts: ReporterGoneCounts): string {
  if (counts.claimerTold > 0) return REPORTER_GONE_CLAIMER_TOLD_REPLY;
  if (counts.departed > 0) return REPORTER_GONE_REPLY;
  if (counts.settled > 0) return REPORTER_GONE_SETTLED_REPLY;
  return NO_LIVE_REPORT_REPLY;
}

/** STOP and START from a number that is not a member's: the reporter's texts, not alerts, stop and start. */
export const REPORTER_OPT_OUT_REPLY = 'Swarm Alert: you will get no more texts from us. Reply START to get them again.';
export const REPORTER_OPT_IN_REPLY = 'Swarm Alert: texts about your swarm report are on again. Reply STOP to stop them.';

/** The answer to GONE from a number with no open report. */
export const NO_LIVE_REPORT_REPLY = 'Swarm Alert: there is no open swarm report from this number, so nothing to close. Thank you for letting us know!';

/** The answer to any other text from a number that is not a member's. */
export const REPORTER_HELP_REPLY = 'Swarm Alert: reply GONE if the swarm you reported has left, or STOP for no more texts. Thank you for reporting it!';

/** To the claimer when the reporter texts GONE before an outcome is recorded: the claim is theirs until they say what happened. */
export const claimerReporterSaidGoneText = (claimCode: string) =>
  `Swarm Alert: the reporter says swarm ${toGsm7(claimCode).slice(0, 5)} has left. Please record what happened under Claimed Swarms in the member area.`;

export const OUTCOME_PROMPT_TEXT_PREFIX = 'Swarm Alert: How did it go?';

export const outcomePromptText = (claimCode: string) =>
  `${OUTCOME_PROMPT_TEXT_PREFIX} Reply 1 captured, 2 gone before arrival, 3 not honey bees, 4 could not reach, 5 other (swarm ${toGsm7(claimCode).slice(0, 5)})`;

export const outcomeRecordedReply = (outcome: ClaimOutcomeLabel) => `Swarm Alert: thank you, recorded "${outcome}". You can change it under Claimed Swarms in the member area.`;

/** A lone digit from a member with no outcome prompt to answer. */
export const NO_OUTCOME_PROMPT_REPLY = 'Swarm Alert: there is no swarm of yours to answer with a number. Set outcomes under Claimed Swarms in the member area.';

const GONE_WORDS = ['GONE', 'LEFT', 'GONE NOW'];

/** GONE, LEFT or GONE NOW, in any case, with any spacing around or between the words. */
export function isGoneReply(body: string): boolean {
  return GONE_WORDS.includes(body.trim().replace(/\s+/g, ' ').toUpperCase());
}

/** A lone digit 1 to 5 answers the outcome prompt, in its order (see claimOutcomes). */
export function outcomeOfReply(body: string): ClaimOutcomeLabel | undefined {
  const text = body.trim();
  if (!/^[1-5]$/.test(text)) return undefined;
  return claimOutcomes.labels[Number(text) - 1];
}
