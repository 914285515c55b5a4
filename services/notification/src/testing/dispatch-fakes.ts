import type { DispatchJob } from '../domain/alert-schedule.js';
import { startDispatch, type AlertDispatch, type CoveringMember, type ReportState, type SubmittedReport } from '../domain/alert-dispatch.js';
import { MemberSettings } from '../app/member-settings.js';
import type { DispatchLog } from '../app/ports/clock-and-log.js';
import type { AlertBilling, AlertCharge, MemberDirectory } from '../app/ports/other-services.js';
import type { DispatchRepository, MemberSettingsRepository, ReporterTextEvents } from '../app/ports/stores.js';
import { MemoryMemberSettingsRepository } from '../adapters/memory/memory-member-settings-repository.js';
import type { MemberAlertSettings } from '../domain/member-settings.js';
import type { AlertChannel } from '../domain/alert-channels.js';
import type { ClaimTokens } from '../app/ports/claim-tokens.js';
import { alertLinksUnder, type AlertLinks } from '../app/alert-links.js';
import { HmacClaimTokens } from '../adapters/claim-tokens/hmac-claim-tokens.js';

/** A submitted report as ReportSubmitted carries it, with overrides. */
export function aSubmittedReport(overrides: Partial<SubmittedReport> = {}): SubmittedReport {
  return {
    eventId: 'event-r1',
    reportId: 'r1',
    claimCode: '04217',
    size: 'Basketball',
    elevationFeet: 12,
    location: { latitude: 45.5, longitude: -122.6 },
    submittedAt: new Date('2026-06-01T00:00:00Z'),
    coverage: [],
    widerCoverage: [],
    expiresAt: new Date('2026-06-04T00:00:00Z'),
    reporterUpdates: false,
    reporterPhone: '',
    ...overrides,
  };
}

/** Members covering a swarm through one association. */
export function coverageOf(memberIds: string[], through = { companyId: 'c1', companyName: 'Portland Bees' }, distanceMiles = 1): CoveringMember[] {
  return memberIds.map((memberId) => ({ memberId, distanceMiles, ...through }));
}

/** Stores the report as received by dispatch, in the given state. */
export async function seedDispatch(
  dispatches: DispatchRepository,
  overrides: Partial<SubmittedReport> = {},
  state: ReportState = 'active',
): Promise<AlertDispatch> {
  const report = aSubmittedReport(overrides);
  await dispatches.recordIfAbsent(startDispatch(report, report.submittedAt));
  if (state !== 'active') await dispatches.changeReportState(report.reportId, { state, at: new Date(report.submittedAt.getTime() + 1_000) });
  return (await dispatches.findByReportId(report.reportId))!;
}

/** Every day, all day: hours never hold an alert back. */
export const ALL_DAY = Array.from({ length: 7 }, () => ({ fromHour: 0, toHour: 24 }));

/**
 * The member service's alert settings: every member asked for is known (reachable at any hour, in UTC, 50 feet up)
 * unless the test changes them or lets them leave; each change raises the member's version.
 */
export class FakeMemberDirectory implements MemberDirectory {
  private readonly changed = new Map<string, Partial<MemberAlertSettings> & { version: number }>();
  readonly left = new Set<string>();
  readonly asked: string[][] = [];

  set(memberId: string, change: Partial<Omit<MemberAlertSettings, 'memberId' | 'version'>>): this {
    const previous = this.changed.get(memberId);
    this.changed.set(memberId, { ...previous, ...change, version: (previous?.version ?? 1) + 1 });
    return this;
  }

  phone(memberId: string, phoneNumber: string): this {
    return this.set(memberId, { phoneNumber });
  }

  windows(memberId: string, availability: Partial<MemberAlertSettings['availability']>): this {
    return this.set(memberId, { availability: { ...this.current(memberId).availability, ...availability } });
  }

  current(memberId: string): MemberAlertSettings {
    return {
      memberId,
      version: 1,
      phoneNumber: '',
      timeZone: 'UTC',
      availability: { doNotDisturb: false, elevationMaximumFeet: 50, days: ALL_DAY },
      ...this.changed.get(memberId),
    };
  }

  async listAlertSettings(memberIds: string[]): Promise<MemberAlertSettings[]> {
    this.asked.push([...memberIds]);
    return memberIds.filter((memberId) => !this.left.has(memberId)).map((memberId) => structuredClone(this.current(memberId)));
  }

  /** As the member service does when a push service says a subscription is gone: the device leaves its member. */
  readonly removedEndpoints: string[] = [];
  async removePushEndpoint(endpoint: string): Promise<void> {
    this.removedEndpoints.push(endpoint);
    for (const [memberId, settings] of this.changed) {
      if (settings.pushTargets?.some((target) => target.endpoint === endpoint)) {
        this.set(memberId, { pushTargets: settings.pushTargets.filter((target) => target.endpoint !== endpoint) });
      }
    }
  }
}

/** The alert channels beside SMS as a test without them has them: no push service, no mailer, test links and tokens. */
export function withoutOtherChannels(): { push: undefined; mailer: undefined; claimTokens: ClaimTokens; links: AlertLinks } {
  return { push: undefined, mailer: undefined, claimTokens: new HmacClaimTokens('a-test-secret-of-at-least-thirty-two-bytes'), links: alertLinksUnder('https://swarm.example') };
}

/** The settings dispatch reads: an empty copy, filled from the directory on a miss. */
export function memberSettingsFrom(members: FakeMemberDirectory, settings: MemberSettingsRepository = new MemoryMemberSettingsRepository()): MemberSettings {
  return new MemberSettings({ settings, members });
}

/** Billing with balances per association; charges are idempotent per (report, member), like the real one. */
/** Charges once per (report, member) until refunded, as association-billing does; `refunds` holds each refund's reason. */
export class FakeAlertBilling implements AlertBilling {
  balances = new Map<string, number>();
  readonly charges = new Map<string, { companyId: string }>();
  readonly refunds: { reportId: string; memberId: string; reason: string }[] = [];

  /** Each channel's price; text messages 7 cents, the others free, as billing's defaults. */
  readonly prices: Record<AlertChannel, number> = { sms: 7, push: 0, email: 0 };

  async chargeAlert(charge: { reportId: string; memberId: string; companyId: string; channel: AlertChannel }): Promise<AlertCharge> {
    const price = this.prices[charge.channel];
    if (price === 0) return { kind: 'charged', costCents: 0, smsPriceCents: this.prices.sms };
    const key = `${charge.reportId}/${charge.memberId}${charge.channel === 'sms' ? '' : `/${charge.channel}`}`;
    if (this.charges.has(key)) return { kind: 'charged', costCents: price, smsPriceCents: this.prices.sms };
    const balance = this.balances.get(charge.companyId) ?? 100;
    if (balance < price) return { kind: 'insufficient-funds' };
    this.balances.set(charge.companyId, balance - price);
    this.charges.set(key, { companyId: charge.companyId });
    return { kind: 'charged', costCents: price, smsPriceCents: this.prices.sms };
  }

  async refundAlert(refund: { reportId: string; memberId: string; channel: AlertChannel; reason: string }): Promise<'refunded' | 'not-charged'> {
    const key = `${refund.reportId}/${refund.memberId}${refund.channel === 'sms' ? '' : `/${refund.channel}`}`;
    const charge = this.charges.get(key);
    if (!charge) return 'not-charged';
    this.charges.delete(key);
    this.balances.set(charge.companyId, (this.balances.get(charge.companyId) ?? 100) + this.prices[refund.channel]);
    const { channel: _channel, ...refunded } = refund;
    this.refunds.push(refunded);
    return 'refunded';
  }
}

export const silentLog: DispatchLog = { info: () => undefined, warn: () => undefined };

/** The member a job is about (alerts, escalations, outcome prompts); undefined for a report's expiry and close. */
export function memberOf(job: DispatchJob): string | undefined {
  return 'memberId' in job ? job.memberId : undefined;
}

/** The round of an alert job; undefined for the other kinds. */
export function roundOf(job: DispatchJob): string | undefined {
  return 'round' in job ? job.round : undefined;
}

/** The texts to reporters announced, once per text key as the outbox keeps them. */
export class RecordingReporterTextEvents implements ReporterTextEvents {
  readonly announced: { reportId: string; textKey: string; sentAt: Date }[] = [];

  async sent(text: { reportId: string; textKey: string; sentAt: Date }): Promise<void> {
    if (!this.announced.some((known) => known.textKey === text.textKey)) this.announced.push(text);
  }
}
