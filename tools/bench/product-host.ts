/**
 * The embedded product in a process of its own, for the benchmark (tools/bench/run.ts): started from the environment
 * the parent gives, then set up by its commands — members covering a place, login tokens, and bulk seeding through the
 * stores the compositions return (never through HTTP, which would take hours for 100,000 reports).
 */
import { randomUUID } from 'node:crypto';
import { startEmbedded } from '@swarm/launch';
import { pino } from 'pino';
import { serveCommands } from './bench-process.js';

const product = await startEmbedded({
  env: { ...process.env, PORT: '0' },
  loggerFor: (part) => pino({ level: process.env.LOG_LEVEL ?? 'warn', base: { service: part } }),
});
const { member, associationBilling } = product.clients;
const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 }));

export type Place = { latitude: number; longitude: number; address: string };
export type CoveredPlace = { companyId: string; memberIds: string[]; emails: string[]; phones: string[] };

/**
 * `count` members living at the place, reachable at any hour for swarms up to 50 ft, in one association with funds for
 * every alert: each report there alerts all of them at once.
 */
async function coverPlace(args: { place: Place; count: number; phonePrefix: string; name: string }): Promise<CoveredPlace> {
  const { association } = await associationBilling.createAssociation({ companyName: args.name, donationUrl: 'https://example.org/give' });
  const companyId = association?.companyId ?? '';
  await associationBilling.topUp({ companyId, amountCents: 100_000_000, topUpId: randomUUID() });
  const { activationCode } = await associationBilling.issueActivationCode({ companyId });
  const covered: CoveredPlace = { companyId, memberIds: [], emails: [], phones: [] };
  for (let index = 0; index < args.count; index += 1) {
    const email = `${args.phonePrefix}-${index}-${randomUUID().slice(0, 8)}@example.org`;
    const phoneNumber = `${args.phonePrefix}${String(index).padStart(10 - args.phonePrefix.length, '0')}`;
    const { member: created } = await member.ensureMember({ email });
    const memberId = created?.memberId ?? '';
    await member.updateMemberInformation({
      memberId,
      name: 'Bench Keeper',
      phoneNumber,
      address: args.place.address,
      home: { latitude: args.place.latitude, longitude: args.place.longitude },
    });
    await member.updateAvailability({ memberId, elevationMaximumFeet: 50, dayHours: ALL_DAY });
    await associationBilling.joinAssociation({ memberId, activationCode });
    covered.memberIds.push(memberId);
    covered.emails.push(email);
    covered.phones.push(phoneNumber);
  }
  return covered;
}

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
  for (let index = 0; index < args.members; index += 1) {
    const memberId = randomUUID();
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
    const claim = { memberId: keeper.memberId, claimedAt: createdAt };
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

async function memory(): Promise<{ rssBytes: number }> {
  return { rssBytes: process.memoryUsage().rss };
}

serveCommands(product.url, { coverPlace, loginTokens, seed, memory });
