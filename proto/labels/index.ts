/**
 * The one mapping between each closed vocabulary's protobuf enum and the label the spec uses for it (the text a
 * form sends, a table shows and the stored documents keep). Services, the gateway and the frontend take their labels
 * from here. It imports the enums as types only, so a browser bundle gets the labels without the protobuf runtime.
 */
import type { AlertChannel } from '../gen/swarm/common/v1/channel_pb.js';
import type { Language } from '../gen/swarm/common/v1/language_pb.js';
import type { OnboardingStatus } from '../gen/swarm/member/v1/member_service_pb.js';
import type { ClaimableState, ClaimWithTokenOutcome } from '../gen/swarm/notification/v1/notification_service_pb.js';
import type { BadReportReason, ClaimOutcome, ReportState, SwarmSize } from '../gen/swarm/report/v1/report_pb.js';

export type Vocabulary<E extends number, L extends string> = {
  /** Every label, in the enum's order (the order a form offers them). */
  readonly labels: readonly L[];
  /** The label of a value; undefined for UNSPECIFIED or a value this build does not know. */
  label(value: E): L | undefined;
  /** The value of a label; UNSPECIFIED (0) for anything that is not one of the labels. */
  valueOf(label: string): E;
  isLabel(text: unknown): text is L;
};

/** `byValue` names every enum value, so adding a value to the .proto file without its label is a type error. */
function vocabularyOf<E extends number>() {
  return <const L extends string>(byValue: Record<E, L | undefined>): Vocabulary<E, L> => {
    const entries = (Object.entries(byValue) as [string, L | undefined][])
      .filter((entry): entry is [string, L] => entry[1] !== undefined)
      .map(([value, label]) => [Number(value) as E, label] as const)
      .sort(([left], [right]) => left - right);
    const labels = entries.map(([, label]) => label);
    const isLabel = (text: unknown): text is L => (labels as readonly unknown[]).includes(text);
    return {
      labels,
      label: (value) => entries.find(([known]) => known === value)?.[1],
      valueOf: (label) => entries.find(([, known]) => known === label)?.[0] ?? (0 as E),
      isLabel,
    };
  };
}

/** Spec §3 and §5: the swarm sizes the report form offers. */
export const swarmSizes = vocabularyOf<SwarmSize>()({ 0: undefined, 1: 'Softball', 2: 'Basketball', 3: 'Very Large' });
export type SwarmSizeLabel = (typeof swarmSizes.labels)[number];

/** Spec §4: the reasons a claimer may give when marking a report bad. */
export const badReportReasons = vocabularyOf<BadReportReason>()({
  0: undefined,
  1: 'Not honey bees',
  2: 'Swarm moved into structure',
  3: 'Swarm moved on',
  4: 'Someone else got the swarm',
  5: 'Other',
});
export type BadReportReasonLabel = (typeof badReportReasons.labels)[number];

/** Spec §4: a report's states; 'expired' (nobody claimed it in time) and 'departed' (the reporter texted GONE) close it. */
export const reportStates = vocabularyOf<ReportState>()({ 0: undefined, 1: 'active', 2: 'claimed', 3: 'bad', 4: 'expired', 5: 'departed' });
export type ReportStateLabel = (typeof reportStates.labels)[number];

/** Spec §3: an onboarding entry is 'a' while it is to be shown and 'c' once completed. */
export const onboardingStatuses = vocabularyOf<OnboardingStatus>()({ 0: undefined, 1: 'a', 2: 'c' });
export type OnboardingStatusLabel = (typeof onboardingStatuses.labels)[number];

/** What became of a claimed swarm, in the order the outcome prompt numbers them (reply 1 to 5). */
export const claimOutcomes = vocabularyOf<ClaimOutcome>()({
  0: undefined,
  1: 'Captured',
  2: 'Gone before arrival',
  3: 'Not honey bees',
  4: 'Could not reach',
  5: 'Other',
});
export type ClaimOutcomeLabel = (typeof claimOutcomes.labels)[number];

/** The ways a member can be alerted, as the member area names them. */
export const alertChannels = vocabularyOf<AlertChannel>()({ 0: undefined, 1: 'sms', 2: 'push', 3: 'email' });
export type AlertChannelLabel = (typeof alertChannels.labels)[number];

/**
 * The languages a reporter can use the site in, by their BCP 47 tag (what `<html lang>` says and the form sends). The
 * reporter's texts go in the report's language; UNSPECIFIED (a report older than the field) reads as English.
 */
export const languages = vocabularyOf<Language>()({ 0: undefined, 1: 'en', 2: 'es' });
export type LanguageLabel = (typeof languages.labels)[number];
export const DEFAULT_LANGUAGE: LanguageLabel = 'en';

/** The report's language as a label: English for UNSPECIFIED or a value this build does not know. */
export function languageOf(value: Language): LanguageLabel {
  return languages.label(value) ?? DEFAULT_LANGUAGE;
}

/** What a claim link's swarm is to the member it was sent to: theirs to claim, already theirs, someone else's, or over. */
export const claimableStates = vocabularyOf<ClaimableState>()({ 0: undefined, 1: 'open', 2: 'yours', 3: 'taken', 4: 'over' });
export type ClaimableStateLabel = (typeof claimableStates.labels)[number];

/** What claiming through a claim link came to; 'test' for a test alert, whose claim changes nothing. */
export const claimWithTokenOutcomes = vocabularyOf<ClaimWithTokenOutcome>()({
  0: undefined,
  1: 'claimed',
  2: 'already-yours',
  3: 'taken',
  4: 'over',
  5: 'test',
});
export type ClaimWithTokenOutcomeLabel = (typeof claimWithTokenOutcomes.labels)[number];

/**
 * Days a report keeps its reporter's name, phone, street and pictures after it ended, unless REPORTER_DATA_DAYS says
 * otherwise: the report service erases them then, the gateway serves the period and the privacy page states it.
 */
export const DEFAULT_REPORTER_DATA_DAYS = 30;
