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

/** A file re-writes a vocabulary when its code (comments aside) quotes two or more of its labels. */
export function rewrittenVocabularies(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return Object.entries(vocabularies)
    .filter(([, labels]) => labels.filter((label) => new RegExp(`['"\`]${label}['"\`]`).test(code)).length >= 2)
    .map(([name]) => name);
}

describe('closed vocabularies', () => {
  it('writes the swarm sizes, bad-report reasons and claim outcomes only in the label module', () => {
    const rewritten = SOURCE_ROOTS.flatMap((dir) => sourceFiles(join(root, dir)))
      .map((path) => relative(root, path))
      .filter((path) => path !== LABEL_MODULE)
      .flatMap((path) => rewrittenVocabularies(readFileSync(join(root, path), 'utf8')).map((name) => `${path} lists the ${name} labels`));
    expect(rewritten).toEqual([]);
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
