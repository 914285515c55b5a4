import { randomUUID } from 'node:crypto';
import type { Client } from '@connectrpc/connect';
import type { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import type { MemberService } from '@swarm/proto/member/v1/member_service';

/** An address the product's geocoder resolves, and where it places it. */
export type Place = { latitude: number; longitude: number; address: string };
export type CoveredPlace = { companyId: string; memberIds: string[]; emails: string[]; phones: string[] };
/** A push subscription as a browser hands it to the site (`PushSubscription.toJSON()`). */
export type PushDeviceSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };
/**
 * `devices`: one subscription per member (as many as `count`); each member then adds it as their device and chooses
 * notifications only (no text message, no email), as the member area's "How to alert me" does.
 */
export type CoverPlaceArgs = { place: Place; count: number; phonePrefix: string; name: string; devices?: PushDeviceSubscription[] };

const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 }));

/**
 * Through the services' own RPCs, as the member area and an association's sign-up do: `count` members living at the
 * place, reachable at any hour for swarms up to 50 ft, in one association with funds for every alert. Each report
 * there alerts all of them at once, by text message, or by notification to the device each was given in `devices`.
 * Phone numbers are the prefix followed by the member's index.
 */
export async function coverPlace(
  clients: { member: Client<typeof MemberService>; associationBilling: Client<typeof AssociationBillingService> },
  args: CoverPlaceArgs,
): Promise<CoveredPlace> {
  const { member, associationBilling } = clients;
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
    // The member service places the address with its geocoder: the offline one puts it at the town's centre.
    await member.updateMemberInformation({ memberId, name: 'Bench Keeper', phoneNumber, address: args.place.address });
    await member.updateAvailability({ memberId, elevationMaximumFeet: 50, dayHours: ALL_DAY });
    const device = args.devices?.[index];
    if (args.devices && !device) throw new Error(`no push subscription for member ${index} of ${args.count}`);
    if (device) {
      await member.addPushDevice({ memberId, name: 'Bench phone', endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth });
      await member.setAlertChannels({ memberId, channels: { sms: false, push: true, email: false } });
    }
    await associationBilling.joinAssociation({ memberId, activationCode });
    covered.memberIds.push(memberId);
    covered.emails.push(email);
    covered.phones.push(phoneNumber);
  }
  return covered;
}
