import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AlertChannel } from '@swarm/proto/common/v1/channel';
import { OnboardingStatus } from '@swarm/proto/member/v1/member_service';
import { ClaimableState, ClaimWithTokenOutcome } from '@swarm/proto/notification/v1/notification_service';
import {
  alertChannels,
  badReportReasons,
  claimableStates,
  claimOutcomes,
  claimWithTokenOutcomes,
  onboardingStatuses,
  reportStates,
  swarmSizes,
} from '@swarm/proto/labels';
import * as answers from '@swarm/proto/labels/answers';
import * as forms from '@swarm/proto/labels/forms';
import { BadReportReason, ClaimOutcome, ReportState, SwarmSize } from '@swarm/proto/report/v1/report';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const LABEL_MODULE = 'proto/labels/index.ts';

/** Where product code lives; tests and test fakes (testing/ folders) may name labels as sample data. */
const SOURCE_ROOTS = ['services', 'gateway/src', 'frontend/src', 'tools'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'testing') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|e2e\.test|browser\.test)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The closed vocabularies whose label lists must exist only in the label module. */
const vocabularies = { 'swarm size': swarmSizes.labels, 'bad-report reason': badReportReasons.labels, 'claim outcome': claimOutcomes.labels };

/** The code of a file, comments aside. */
const codeOf = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** A file re-writes a vocabulary when its code (comments aside) quotes two or more of its labels. */
export function rewrittenVocabularies(source: string): string[] {
  const code = codeOf(source);
  return Object.entries(vocabularies)
    .filter(([, labels]) => labels.filter((label) => new RegExp(`['"\`]${label}['"\`]`).test(code)).length >= 2)
    .map(([name]) => name);
}

/** Every message of the shared vocabulary's message modules: the spec's (§5, §8) and the product's own answers. */
function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(messagesOf);
  return [];
}
const sharedMessages = [...new Set([...messagesOf(answers), ...messagesOf(forms)])];

/** Messages built from a vocabulary or a limit: a copy would interpolate them too, so their fixed beginning counts. */
const builtMessageHeads = ['Reason must be one of', 'Outcome must be one of', 'Distance from Ground is out of range'];

/** Rules written as patterns: a claim code is five digits, a report id a UUID. */
const sharedPatterns = { 'claim-code pattern': /\^\\{1,2}d\{5\}\$/, 'report-id pattern': /\[0-9a-f\]\{8\}-\[0-9a-f\]\{4\}/ };

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The shared messages and rule patterns a file's code writes again instead of importing them. */
export function retypedRules(source: string): string[] {
  const code = codeOf(source);
  const messages = sharedMessages.filter((message) => new RegExp(`['"\`]${escaped(message)}['"\`]`).test(code)).map((message) => `'${message}'`);
  const heads = builtMessageHeads.filter((head) => new RegExp(`['"\`]${escaped(head)}`).test(code)).map((head) => `'${head}…'`);
  const patterns = Object.entries(sharedPatterns)
    .filter(([, pattern]) => pattern.test(code))
    .map(([name]) => `the ${name}`);
  return [...messages, ...heads, ...patterns];
}

describe('closed vocabularies', () => {
  it('writes the swarm sizes, bad-report reasons and claim outcomes only in the label module', () => {
    const rewritten = SOURCE_ROOTS.flatMap((dir) => sourceFiles(join(root, dir)))
      .map((path) => relative(root, path))
      .filter((path) => path !== LABEL_MODULE)
      .flatMap((path) => rewrittenVocabularies(readFileSync(join(root, path), 'utf8')).map((name) => `${path} lists the ${name} labels`));
    expect(rewritten).toEqual([]);
  });

  it('writes the shared messages and rule patterns only in the shared vocabulary (proto/labels)', () => {
    // k6 load scripts run outside Node and import no workspace package.
    const rewritten = SOURCE_ROOTS.flatMap((dir) => sourceFiles(join(root, dir)))
      .map((path) => relative(root, path))
      .filter((path) => !path.startsWith('tools/load/'))
      .flatMap((path) => retypedRules(readFileSync(join(root, path), 'utf8')).map((rule) => `${path} writes ${rule}`));
    expect(rewritten).toEqual([]);
  });

  it('catches a re-typed message or rule pattern, and not one imported', () => {
    expect(retypedRules("errors.push('Distance from Ground is out of range (0 to 50)');")).toEqual([
      "'Distance from Ground is out of range (0 to 50)'",
      "'Distance from Ground is out of range…'",
    ]);
    expect(retypedRules('const message = `Reason must be one of: ${labels}.`;')).toEqual(["'Reason must be one of…'"]);
    expect(retypedRules("404: \"We couldn't find any available beekeepers using our service in your area.\",")).toHaveLength(1);
    expect(retypedRules('const CLAIM_CODE = /^\\d{5}$/;')).toEqual(['the claim-code pattern']);
    expect(retypedRules("new RegExp('^\\\\d{5}$')")).toEqual(['the claim-code pattern']);
    expect(retypedRules('const REPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;')).toEqual(['the report-id pattern']);
    expect(retypedRules("import { submissionMessages } from '@swarm/proto/labels/answers';\nconst message = submissionMessages.noBeekeepers;")).toEqual([]);
    expect(retypedRules("// 'Report not found.' is the table's\nconst x = 1;")).toEqual([]);
  });

  it('catches a re-written list', () => {
    expect(rewrittenVocabularies("const sizes = ['Softball', 'Basketball'];")).toEqual(['swarm size']);
    expect(rewrittenVocabularies('reasons: "Swarm moved on" | "Not honey bees"')).toEqual(['bad-report reason']);
    expect(rewrittenVocabularies("size: 'Softball'")).toEqual([]);
    expect(rewrittenVocabularies("/** 'Softball' or 'Basketball'. */\nsize: string;")).toEqual([]);
  });

  it('maps every enum value to its spec label and back', () => {
    expect(swarmSizes.labels.map((label) => SwarmSize[swarmSizes.valueOf(label)])).toEqual(['SOFTBALL', 'BASKETBALL', 'VERY_LARGE']);
    expect(swarmSizes.labels).toEqual(['Softball', 'Basketball', 'Very Large']);
    expect(badReportReasons.labels.map((label) => BadReportReason[badReportReasons.valueOf(label)])).toEqual([
      'NOT_HONEY_BEES',
      'MOVED_INTO_STRUCTURE',
      'MOVED_ON',
      'SOMEONE_ELSE_GOT_IT',
      'OTHER',
    ]);
    expect(reportStates.labels.map((label) => ReportState[reportStates.valueOf(label)])).toEqual(['ACTIVE', 'CLAIMED', 'BAD', 'EXPIRED', 'DEPARTED']);
    expect(claimOutcomes.labels.map((label) => ClaimOutcome[claimOutcomes.valueOf(label)])).toEqual([
      'CAPTURED',
      'GONE_BEFORE_ARRIVAL',
      'NOT_HONEY_BEES',
      'COULD_NOT_REACH',
      'OTHER',
    ]);
    expect(onboardingStatuses.labels.map((label) => OnboardingStatus[onboardingStatuses.valueOf(label)])).toEqual(['TO_SHOW', 'COMPLETED']);
    expect(alertChannels.labels.map((label) => [label, AlertChannel[alertChannels.valueOf(label)]])).toEqual([
      ['sms', 'SMS'],
      ['push', 'PUSH'],
      ['email', 'EMAIL'],
    ]);
    expect(claimableStates.labels.map((label) => [label, ClaimableState[claimableStates.valueOf(label)]])).toEqual([
      ['open', 'OPEN'],
      ['yours', 'YOURS'],
      ['taken', 'TAKEN'],
      ['over', 'OVER'],
    ]);
    expect(claimWithTokenOutcomes.labels.map((label) => [label, ClaimWithTokenOutcome[claimWithTokenOutcomes.valueOf(label)]])).toEqual([
      ['claimed', 'CLAIMED'],
      ['already-yours', 'ALREADY_YOURS'],
      ['taken', 'TAKEN'],
      ['over', 'OVER'],
      ['test', 'TEST'],
    ]);
  });

  it('answers UNSPECIFIED for anything that is not a label, and no label for UNSPECIFIED', () => {
    expect(swarmSizes.valueOf('softball')).toBe(SwarmSize.UNSPECIFIED);
    expect(badReportReasons.valueOf('')).toBe(BadReportReason.UNSPECIFIED);
    expect(swarmSizes.label(SwarmSize.UNSPECIFIED)).toBeUndefined();
    expect(swarmSizes.isLabel('Very Large')).toBe(true);
    expect(swarmSizes.isLabel(3)).toBe(false);
  });
});
