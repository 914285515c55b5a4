import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ConnectRouter } from '@connectrpc/connect';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { onboardingStatuses } from '@swarm/proto/labels';
import { connectErrorsFor } from '@swarm/runtime';
import type { AddPushDevice } from '../../app/add-push-device.js';
import type { ConsumeLoginToken } from '../../app/consume-login-token.js';
import type { DeleteMember } from '../../app/delete-member.js';
import type { EnsureMember } from '../../app/ensure-member.js';
import type { FindCoveringMembers } from '../../app/find-covering-members.js';
import type { FindMemberByPhone } from '../../app/find-member-by-phone.js';
import type { GetAlertChannels } from '../../app/get-alert-channels.js';
import type { GetMember } from '../../app/get-member.js';
import type { IssueLoginToken } from '../../app/issue-login-token.js';
import type { ListAlertSettings } from '../../app/list-alert-settings.js';
import type { RemovePushDevice } from '../../app/remove-push-device.js';
import type { RemovePushEndpoint } from '../../app/remove-push-endpoint.js';
import type { SetAlertChannels } from '../../app/set-alert-channels.js';
import type { SetDoNotDisturb } from '../../app/set-do-not-disturb.js';
import type { UpdateAvailability } from '../../app/update-availability.js';
import type { UpdateMemberInformation } from '../../app/update-member-information.js';
import type { UpdateOnboarding } from '../../app/update-onboarding.js';
import type { MemberErrorCode } from '../../domain/member-error.js';
import { toProtoAlertChannels, toProtoAvailability, toProtoMember, toProtoPushDevice, toProtoPushTarget } from './member-mapping.js';

/** The Connect code of each rule code is the error table's (@swarm/runtime); every code of this service has a row. */
const toConnect = connectErrorsFor<MemberErrorCode | 'GEOCODER.UNAVAILABLE'>();

export type MemberUseCases = {
  ensureMember: EnsureMember;
  getMember: GetMember;
  updateMemberInformation: UpdateMemberInformation;
  updateAvailability: UpdateAvailability;
  updateOnboarding: UpdateOnboarding;
  findCoveringMembers: FindCoveringMembers;
  issueLoginToken: IssueLoginToken;
  consumeLoginToken: ConsumeLoginToken;
  findMemberByPhone: FindMemberByPhone;
  setDoNotDisturb: SetDoNotDisturb;
  listAlertSettings: ListAlertSettings;
  getAlertChannels: GetAlertChannels;
  setAlertChannels: SetAlertChannels;
  addPushDevice: AddPushDevice;
  removePushDevice: RemovePushDevice;
  removePushEndpoint: RemovePushEndpoint;
  deleteMember: DeleteMember;
};

/** Runs a handler, turning a broken rule into its Connect code with the rule code and every message attached. */
async function answer<T>(handler: () => Promise<T>): Promise<T> {
  try {
    return await handler();
  } catch (error) {
    throw toConnect(error);
  }
}

export function memberServiceRoutes(useCases: MemberUseCases) {
  return (router: ConnectRouter) => {
    router.service(MemberService, {
      ensureMember: (request) =>
        answer(async () => {
          const { member, created } = await useCases.ensureMember.execute(request.email);
          return { member: toProtoMember(member), created };
        }),
      getMember: (request) =>
        answer(async () => {
          const { member, version } = await useCases.getMember.withVersion(request.memberId);
          return { member: toProtoMember(member), version };
        }),
      updateMemberInformation: (request) =>
        answer(async () => {
          const member = await useCases.updateMemberInformation.execute(request.memberId, {
            name: request.name,
            phoneNumber: request.phoneNumber,
            address: request.address,
          });
          return { member: toProtoMember(member) };
        }),
      updateAvailability: (request) =>
        answer(async () => {
          const member = await useCases.updateAvailability.execute(request.memberId, {
            ...(request.doNotDisturb !== undefined ? { doNotDisturb: request.doNotDisturb } : {}),
            ...(request.elevationMaximumFeet !== undefined ? { elevationMaximumFeet: request.elevationMaximumFeet } : {}),
            ...(request.rangeInMiles !== undefined ? { rangeInMiles: request.rangeInMiles } : {}),
            ...(request.extraMiles !== undefined ? { extraMiles: request.extraMiles } : {}),
            ...(request.timeZone !== undefined ? { timeZone: request.timeZone } : {}),
            dayHours: request.dayHours.map((change) => ({
              day: change.day,
              ...(change.fromHour !== undefined ? { fromHour: change.fromHour } : {}),
              ...(change.toHour !== undefined ? { toHour: change.toHour } : {}),
            })),
          });
          return { member: toProtoMember(member) };
        }),
      updateOnboarding: (request) =>
        answer(async () => ({
          member: toProtoMember(await useCases.updateOnboarding.execute(request.memberId, request.onboardingId, onboardingStatuses.label(request.status) ?? '')),
        })),
      findCoveringMembers: (request) =>
        answer(async () => {
          const covering = await useCases.findCoveringMembers.execute(request.point, request.heightFeet, request.includeWider);
          return {
            members: covering.map(({ memberId, distanceMiles, wider }) => ({ memberId, distanceMiles, wider })),
          };
        }),
      issueLoginToken: (request) =>
        answer(async () => {
          const { token, expiresAt, validForMs } = await useCases.issueLoginToken.execute(request.email);
          return { token, expiresAt: timestampFromDate(expiresAt), validForSeconds: Math.round(validForMs / 1000) };
        }),
      consumeLoginToken: (request) =>
        answer(async () => {
          const { member, created } = await useCases.consumeLoginToken.execute(request.token);
          return { member: toProtoMember(member), created };
        }),
      findMemberByPhone: (request) =>
        answer(async () => ({ member: toProtoMember(await useCases.findMemberByPhone.execute(request.phoneNumber)) })),
      setDoNotDisturb: (request) =>
        answer(async () => ({ member: toProtoMember(await useCases.setDoNotDisturb.execute(request.memberId, request.doNotDisturb)) })),
      listAlertSettings: (request) =>
        answer(async () => ({
          settings: (await useCases.listAlertSettings.execute(request.memberIds)).map(({ availability, channels, pushDevices, ...settings }) => ({
            ...settings,
            availability: toProtoAvailability(availability),
            // Left out for a member who never chose: the receiver reads that as text message only.
            ...(channels ? { channels: toProtoAlertChannels(channels) } : {}),
            pushTargets: pushDevices.map(toProtoPushTarget),
          })),
        })),
      getAlertChannels: (request) =>
        answer(async () => {
          const { channels, devices } = await useCases.getAlertChannels.execute(request.memberId);
          return { channels: toProtoAlertChannels(channels), devices: devices.map(toProtoPushDevice) };
        }),
      setAlertChannels: (request) =>
        answer(async () => {
          const { sms = false, push = false, email = false } = request.channels ?? {};
          return { channels: toProtoAlertChannels(await useCases.setAlertChannels.execute(request.memberId, { sms, push, email })) };
        }),
      addPushDevice: (request) =>
        answer(async () => {
          const device = await useCases.addPushDevice.execute(request.memberId, {
            name: request.name,
            endpoint: request.endpoint,
            p256dh: request.p256dh,
            auth: request.auth,
          });
          return { device: toProtoPushDevice(device) };
        }),
      removePushDevice: (request) =>
        answer(async () => {
          await useCases.removePushDevice.execute(request.memberId, request.deviceId);
          return {};
        }),
      removePushEndpoint: (request) => answer(async () => ({ removed: await useCases.removePushEndpoint.execute(request.endpoint) })),
      deleteMember: (request) =>
        answer(async () => {
          await useCases.deleteMember.execute(request.memberId);
          return {};
        }),
    });
  };
}
