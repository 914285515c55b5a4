import { claimOutcomes, type ClaimOutcomeLabel, type LanguageLabel } from '@swarm/proto/labels';
import { isSingleSegment, toGsm7 } from './sms-text.js';

/**
 * The texts around a claim that are not alerts: to the reporter who asked for updates (claimed, un-claimed, expired,
 * the answers to their replies), in the report's language, and to the claimer (the outcome prompt, the reporter says the
 * swarm has left). Each is one segment whatever names it carries (checked by the tests); none is charged to an association.
 */

/** Where the reporter can look for a beekeeper when nobody here took the swarm (as the 404 page points). */
export const BEEKEEPER_SEARCH_URL = 'https://www.google.com/search?q=beekeepers+near+me';
/** The same search in Spanish. */
export const BEEKEEPER_SEARCH_URL_ES = 'https://www.google.com/search?q=apicultores+cerca+de+mi';

/**
 * `template` with `{}` replaced by `value`, cut (with an ellipsis) so that the text fits one segment. The value is
 * made GSM-7 first, so a name never changes the text's encoding: an English text stays within 160 characters, a
 * Spanish text with á, í, ó or ú within 70.
 */
function fitted(template: string, value: string): string {
  const safe = toGsm7(value).replace(/\s+/g, ' ').trim();
  const fits = (text: string) => isSingleSegment(template.replace('{}', text));
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

/** What the reporter's GONE did to their live reports (see MarkDepartedByReporter): how many of each. */
export type ReporterGoneCounts = { departed: number; claimerTold: number; settled: number };

/** Who took the swarm, as the claimed text names them. */
export type Claimer = { firstName: string; associationName: string };

/**
 * Every text a reporter gets, in one language: each is one segment in its own encoding (checked by the tests). The
 * keywords the reporter may answer stay the carriers' (STOP, START); GONE has a Spanish twin, SE FUE.
 */
export type ReporterTexts = {
  claimed: (claimer: Claimer) => string;
  unclaimed: string;
  /** The un-claim text when no other beekeeper can be alerted now (nobody else covers the place, or all are away). */
  unclaimedNobodyElse: string;
  expired: string;
  /** The answer to GONE when it closed the reporter's reports. */
  goneClosed: string;
  /** The answer to GONE when a beekeeper holds the report: they are told, and they say what became of the swarm. */
  goneClaimerTold: string;
  /** The answer to GONE when the beekeeper already recorded what became of the swarm: nothing changes. */
  goneSettled: string;
  /** The answer to GONE from a number with no open report. */
  noLiveReport: string;
  /** STOP and START from a number that is not a member's: the reporter's texts, not alerts, stop and start. */
  optOut: string;
  optIn: string;
  /** The answer to any other text from a number that is not a member's. */
  help: string;
};

const english: ReporterTexts = {
  claimed: (claimer) => {
    const who = claimer.firstName ? toGsm7(claimer.firstName).slice(0, 20).trim() || 'A beekeeper' : 'A beekeeper';
    if (!toGsm7(claimer.associationName).trim()) return `Swarm Alert: ${who}, a local beekeeper, is on the way for your swarm and will call you first. Reply GONE if it leaves.`;
    return fitted(`Swarm Alert: ${who} of {} is on the way for your swarm and will call you first. Reply GONE if it leaves.`, claimer.associationName);
  },
  unclaimed: 'Swarm Alert: the beekeeper who took your swarm cannot come after all. We are alerting other beekeepers near you. Reply GONE if it leaves.',
  unclaimedNobodyElse: 'Swarm Alert: the beekeeper who took your swarm cannot come after all. We will text you if another one takes it. Reply GONE if it leaves.',
  expired: `Swarm Alert: sorry, no beekeeper could take your swarm. To find one near you: ${BEEKEEPER_SEARCH_URL}`,
  goneClosed: 'Swarm Alert: thank you for letting us know the swarm has left. Your report is closed; no beekeeper will come.',
  goneClaimerTold: 'Swarm Alert: thank you for letting us know the swarm has left. We have told the beekeeper who took it.',
  goneSettled: 'Swarm Alert: thank you for letting us know! The beekeeper has already recorded what became of your swarm.',
  noLiveReport: 'Swarm Alert: there is no open swarm report from this number, so nothing to close. Thank you for letting us know!',
  optOut: 'Swarm Alert: you will get no more texts from us. Reply START to get them again.',
  optIn: 'Swarm Alert: texts about your swarm report are on again. Reply STOP to stop them.',
  help: 'Swarm Alert: reply GONE if the swarm you reported has left, or STOP for no more texts. Thank you for reporting it!',
};

/**
 * Latin-American neutral Spanish, "usted". Most are worded to stay GSM-7 (it has é, ñ, ü, ¿ and ¡), so they may take
 * 160 characters; one with á, í, ó or ú is UCS-2 and keeps to 70.
 */
const spanish: ReporterTexts = {
  claimed: (claimer) => {
    const who = claimer.firstName ? toGsm7(claimer.firstName).slice(0, 20).trim() || 'Un apicultor' : 'Un apicultor';
    const ending = 'va en camino por su enjambre y le va a llamar antes de llegar. Si el enjambre se va, responda SE FUE.';
    if (!toGsm7(claimer.associationName).trim()) return `Swarm Alert: ${who} ${ending}`;
    return fitted(`Swarm Alert: ${who} de {} ${ending}`, claimer.associationName);
  },
  unclaimed:
    'Swarm Alert: el apicultor que iba por su enjambre ya no puede ir. Estamos avisando a otros apicultores cerca de usted. Si el enjambre se va, responda SE FUE.',
  unclaimedNobodyElse:
    'Swarm Alert: el apicultor que iba por su enjambre ya no puede ir. Le avisaremos si otro apicultor lo toma. Si el enjambre se va, responda SE FUE.',
  expired: `Swarm Alert: lo sentimos, no hubo un apicultor disponible para su enjambre. Para buscar uno cerca: ${BEEKEEPER_SEARCH_URL_ES}`,
  goneClosed: 'Swarm Alert: gracias por avisarnos que el enjambre se fue. Cerramos su reporte y ya no vamos a enviar a un apicultor.',
  goneClaimerTold: 'Swarm Alert: gracias por avisarnos que el enjambre se fue. Ya le avisamos al apicultor que lo iba a recoger.',
  goneSettled: 'Swarm Alert: ¡gracias por avisar! El apicultor ya registró qué pasó.',
  noLiveReport: 'Swarm Alert: no tenemos un reporte de enjambre abierto de este celular; no hay nada que cerrar. ¡Gracias por avisarnos!',
  optOut: 'Swarm Alert: ya no le enviaremos mensajes. Responda START para recibirlos de nuevo.',
  optIn: 'Swarm Alert: los mensajes sobre su reporte de enjambre vuelven a estar activos. Responda STOP para dejar de recibirlos.',
  help: 'Swarm Alert: si el enjambre ya se fue, responda SE FUE. Para dejar de recibir mensajes, responda STOP. ¡Gracias por avisarnos del enjambre!',
};

/** The reporter's texts in the report's language. */
export const reporterTexts: Readonly<Record<LanguageLabel, ReporterTexts>> = { en: english, es: spanish };

export const reporterClaimedText = (claimer: Claimer, language: LanguageLabel = 'en') => reporterTexts[language].claimed(claimer);

export const REPORTER_UNCLAIMED_TEXT = english.unclaimed;
export const REPORTER_UNCLAIMED_NOBODY_ELSE_TEXT = english.unclaimedNobodyElse;
export const REPORTER_EXPIRED_TEXT = english.expired;
export const REPORTER_GONE_REPLY = english.goneClosed;
export const REPORTER_GONE_CLAIMER_TOLD_REPLY = english.goneClaimerTold;
export const REPORTER_GONE_SETTLED_REPLY = english.goneSettled;
export const REPORTER_OPT_OUT_REPLY = english.optOut;
export const REPORTER_OPT_IN_REPLY = english.optIn;
export const NO_LIVE_REPORT_REPLY = english.noLiveReport;
export const REPORTER_HELP_REPLY = english.help;

/**
 * The one reply to GONE. A beekeeper told comes first, since one is still on the case; then reports closed; then
 * reports already settled; a number with no live report is thanked all the same.
 */
export function reporterGoneReply(counts: ReporterGoneCounts, language: LanguageLabel = 'en'): string {
  const texts = reporterTexts[language];
  if (counts.claimerTold > 0) return texts.goneClaimerTold;
  if (counts.departed > 0) return texts.goneClosed;
  if (counts.settled > 0) return texts.goneSettled;
  return texts.noLiveReport;
}

/** To the claimer when the reporter texts GONE before an outcome is recorded: the claim is theirs until they say what happened. */
export const claimerReporterSaidGoneText = (claimCode: string) =>
  `Swarm Alert: the reporter says swarm ${toGsm7(claimCode).slice(0, 5)} has left. Please record what happened under Claimed Swarms in the member area.`;

export const OUTCOME_PROMPT_TEXT_PREFIX = 'Swarm Alert: How did it go?';

export const outcomePromptText = (claimCode: string) =>
  `${OUTCOME_PROMPT_TEXT_PREFIX} Reply 1 captured, 2 gone before arrival, 3 not honey bees, 4 could not reach, 5 other (swarm ${toGsm7(claimCode).slice(0, 5)})`;

export const outcomeRecordedReply = (outcome: ClaimOutcomeLabel) => `Swarm Alert: thank you, recorded "${outcome}". You can change it under Claimed Swarms in the member area.`;

/** A lone digit from a member with no outcome prompt to answer. */
export const NO_OUTCOME_PROMPT_REPLY = 'Swarm Alert: there is no swarm of yours to answer with a number. Set outcomes under Claimed Swarms in the member area.';

/** SE FUE and YA SE FUE are what the Spanish texts ask a reporter to answer. */
const GONE_WORDS = ['GONE', 'LEFT', 'GONE NOW', 'SE FUE', 'YA SE FUE'];

/** GONE, LEFT, GONE NOW, SE FUE or YA SE FUE, in any case, with any spacing around or between the words. */
export function isGoneReply(body: string): boolean {
  return GONE_WORDS.includes(body.trim().replace(/\s+/g, ' ').toUpperCase());
}

/** A lone digit 1 to 5 answers the outcome prompt, in its order (see claimOutcomes). */
export function outcomeOfReply(body: string): ClaimOutcomeLabel | undefined {
  const text = body.trim();
  if (!/^[1-5]$/.test(text)) return undefined;
  return claimOutcomes.labels[Number(text) - 1];
}
