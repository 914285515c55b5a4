/**
 * The embedded product in a process of its own, for the benchmark (tools/bench/run.ts): started from the environment
 * the parent gives, then set up by its commands — members covering a place, login tokens, and bulk seeding through the
 * stores the compositions return, never through HTTP.
 */
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startEmbedded } from '@swarm/launch';
import { gridDisk, latLngToCell } from 'h3-js';
import { pino } from 'pino';
import { serveCommands } from './bench-process.js';
import { coverPlace, type CoverPlaceArgs } from './cover-place.js';

const product = await startEmbedded({
  env: { ...process.env, PORT: '0' },
  loggerFor: (part) => pino({ level: process.env.LOG_LEVEL ?? 'warn', base: { service: part } }),
});
const { member, associationBilling } = product.clients;

/** Login tokens, as a magic link carries them: the parent opens the callback to get each member's session cookie. */
async function loginTokens(args: { emails: string[] }): Promise<string[]> {
  const tokens: string[] = [];
  for (const email of args.emails) tokens.push((await member.issueLoginToken({ email })).token);
  return tokens;
}

/**
 * Stores `reports` reports and `members` members (with memberships in 100 associations) in bulk, copied from a real
 * report and member of this product. The members live in the eastern states, far from the benchmark's Oregon places,
 * so they add to what each submission searches without covering it. One report in ten is live (active or claimed)
 * and the rest are marked bad, so 10,000 of the 100,000 claim codes stay taken, as after months of use.
 */
async function seed(args: {
  reports: number;
  members: number;
  templateReportId: string;
  templateMemberId: string;
  templateCompanyId: string;
}): Promise<{ membersSeconds: number; reportsSeconds: number }> {
  const startedAt = performance.now();
  const { reports } = product.stores.report;
  const { members } = product.stores.member;
  const { memberships } = product.stores.associationBilling;
  const report = await reports.findById(args.templateReportId);
  const keeper = await members.findById(args.templateMemberId);
  const membership = await memberships.find(args.templateCompanyId, args.templateMemberId);
  if (!report || !keeper || !membership) throw new Error('the templates to seed from are missing');

  const companyIds: string[] = [];
  for (let index = 0; index < 100; index += 1) {
    const { association } = await associationBilling.createAssociation({ companyName: `Seeded Association ${index}`, donationUrl: '' });
    companyIds.push(association?.companyId ?? '');
  }
  const now = Date.now();
  const seededMemberIds: string[] = [];
  for (let index = 0; index < args.members; index += 1) {
    const memberId = randomUUID();
    seededMemberIds.push(memberId);
    await members.insertIfAbsent({
      ...structuredClone(keeper),
      memberId,
      email: `seeded-${index}@example.org`,
      phoneNumber: `7${String(index).padStart(9, '0')}`,
      address: `${index} Seeded Rd, Somewhere`,
      home: { latitude: 30 + (index % 1_700) / 100, longitude: -90 + Math.floor(index / 1_700) / 3 },
      createdAt: new Date(now - (index % 365) * 86_400_000),
    });
    await memberships.createIfAbsent({ ...structuredClone(membership), memberId, companyId: companyIds[index % companyIds.length] ?? '' });
  }
  const membersDoneAt = performance.now();
  for (let index = 0; index < args.reports; index += 1) {
    const live = index % 10 === 0;
    const createdAt = new Date(now - 86_400_000 * (4 + (index % 360)));
    // Claimed by the seeded members in turn, so the benchmark's own member holds none of them.
    const claim = { memberId: seededMemberIds[index % seededMemberIds.length] ?? keeper.memberId, claimedAt: createdAt };
    const outcome = await reports.create(
      {
        ...structuredClone(report),
        reportId: randomUUID(),
        idempotencyId: randomUUID(),
        address: `${index} Seeded Ave, Atlanta, GA, USA`,
        location: { latitude: 33.749, longitude: -84.388 },
        createdAt,
        // Live codes are distinct (0000–9999 of the 100,000); a bad report's code is free again, whatever it was.
        claimCode: String(live ? index / 10 : index % 100_000).padStart(5, '0'),
        ...(live
          ? index % 20 === 0
            ? { state: 'claimed' as const, claim }
            : { state: 'active' as const }
          : { state: 'bad' as const, claim, bad: { reason: 'Swarm moved on' as const, markedAt: createdAt } }),
      },
      [],
    );
    if (outcome !== 'created') throw new Error(`seeding report ${index}: ${outcome}`);
  }
  return { membersSeconds: (membersDoneAt - startedAt) / 1_000, reportsSeconds: (performance.now() - membersDoneAt) / 1_000 };
}

/**
 * A season of an association's reports in the insights read model, written through its stores: `reports` reports over
 * the last 80 days in the 91 resolution-7 cells around `place` (five rings), each alerting `memberId`; two in three
 * claimed (after 5 to 95 minutes), the rest expired or departed; and `unserved` refused reports around it. The member
 * is made an admin of the association, so its map answers them.
 */
async function seedSeason(args: { companyId: string; memberId: string; place: { latitude: number; longitude: number }; reports: number; unserved: number }): Promise<{ seconds: number }> {
  const startedAt = performance.now();
  await associationBilling.makeAdmin({ companyId: args.companyId, memberId: args.memberId });
  const { statistics, unserved } = product.stores.insights;
  const cells = gridDisk(latLngToCell(args.place.latitude, args.place.longitude, 7), 5);
  const now = Date.now();
  const day = 24 * 60 * 60 * 1_000;
  for (let index = 0; index < args.reports; index += 1) {
    const reportId = randomUUID();
    const submittedAt = new Date(now - ((index * 7_919) % (80 * day)));
    await statistics.reportSubmitted({ reportId, submittedAt, h3Cell: cells[index % cells.length] ?? cells[0] ?? '' });
    await statistics.alertSent({ reportId, companyId: args.companyId, memberId: args.memberId, sendKey: `alert--${reportId}--${args.memberId}--submitted`, costCents: 7 });
    if (index % 3 !== 2) await statistics.claimed({ reportId, claimedAt: new Date(submittedAt.getTime() + (5 + (index % 91)) * 60_000) });
    else if (index % 2 === 0) await statistics.expired({ reportId, expiredAt: new Date(submittedAt.getTime() + day) });
    else await statistics.departed({ reportId, departedAt: new Date(submittedAt.getTime() + 60 * 60_000) });
  }
  for (let index = 0; index < args.unserved; index += 1) {
    await unserved.record({ id: randomUUID(), h3Cell: cells[(index * 13) % cells.length] ?? '', refusedAt: new Date(now - ((index * 4_999) % (80 * day))), size: 'Basketball' });
  }
  return { seconds: (performance.now() - startedAt) / 1_000 };
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1_000;
}

async function memory(): Promise<{ rssBytes: number; heapUsedBytes: number; externalBytes: number }> {
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rssBytes: rss, heapUsedBytes: heapUsed, externalBytes: external };
}

/** How late the event loop ran its callbacks: the longest wait is the longest a request could stand unanswered. */
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();

/** The size of a report's stored picture; sharp loads here only when asked, so the idle figures never include it. */
async function storedPictureSize({ reportId }: { reportId: string }): Promise<{ width: number; height: number }> {
  const report = await product.stores.report.reports.findById(reportId);
  const stored = report?.image ? await product.stores.report.images.find(report.image.imageName) : undefined;
  if (!stored) throw new Error(`report ${reportId} has no stored picture`);
  const { default: sharp } = await import('sharp');
  const { width = 0, height = 0 } = await sharp(stored.bytes).metadata();
  return { width, height };
}

serveCommands(product.url, {
  storedPictureSize,
  coverPlace: (args: CoverPlaceArgs) => coverPlace(product.clients, args),
  loginTokens,
  seed,
  seedSeason,
  memory,
  /** CPU time of the process so far (all its threads), in ms: what a round cost, whatever else the machine ran. */
  cpuMs: async () => cpuMs(),
  /** The longest event-loop delay since the last call, in ms, and the 99th percentile. */
  loopDelay: async () => {
    const figures = { maxMs: loopDelay.max / 1e6, p99Ms: loopDelay.percentile(99) / 1e6 };
    loopDelay.reset();
    return figures;
  },
});
