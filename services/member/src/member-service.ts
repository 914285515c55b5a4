import type { ConnectRouter } from '@connectrpc/connect';
import { AddPushDevice } from './app/add-push-device.js';
import { ConsumeLoginToken } from './app/consume-login-token.js';
import { DeleteMember } from './app/delete-member.js';
import { EnsureMember } from './app/ensure-member.js';
import { FindCoveringMembers } from './app/find-covering-members.js';
import { FindMemberByPhone } from './app/find-member-by-phone.js';
import { GetAlertChannels } from './app/get-alert-channels.js';
import { GetMember } from './app/get-member.js';
import { IssueLoginToken } from './app/issue-login-token.js';
import { ListAlertSettings } from './app/list-alert-settings.js';
import type { Clock, Geocoder, IdGenerator, LoginTokenRepository, MemberRepository, TokenSecrets } from './app/ports.js';
import { RemovePushDevice } from './app/remove-push-device.js';
import { RemovePushEndpoint } from './app/remove-push-endpoint.js';
import { SetAlertChannels } from './app/set-alert-channels.js';
import { SetDoNotDisturb } from './app/set-do-not-disturb.js';
import { UpdateAvailability } from './app/update-availability.js';
import { UpdateMemberInformation } from './app/update-member-information.js';
import { UpdateOnboarding } from './app/update-onboarding.js';
import { memberServiceRoutes } from './adapters/rpc/member-service-routes.js';

export const DEFAULT_LOGIN_TOKEN_TTL_MS = 15 * 60 * 1000;

/** Wires the member use cases to the adapters its composition (or a test) chose; every port is given. */
export function buildMemberService(ports: {
  members: MemberRepository;
  loginTokens: LoginTokenRepository;
  /** Places the address a member gives. */
  geocoder: Geocoder;
  secrets: TokenSecrets;
  clock: Clock;
  /** Member ids, and the ids of push devices. */
  ids: IdGenerator;
  loginTokenTtlMs: number;
  /** Accept push endpoints on this machine (127.0.0.1, [::1], localhost) on any port: the tests' local push service only. */
  allowLoopbackPushEndpoints: boolean;
}): {
  routes: (router: ConnectRouter) => void;
} {
  const { loginTokens, secrets } = ports;
  const ensureMember = new EnsureMember({ members: ports.members, clock: ports.clock, ids: ports.ids });
  return {
    routes: memberServiceRoutes({
      ensureMember,
      getMember: new GetMember({ members: ports.members }),
      updateMemberInformation: new UpdateMemberInformation({ members: ports.members, geocoder: ports.geocoder }),
      updateAvailability: new UpdateAvailability({ members: ports.members }),
      updateOnboarding: new UpdateOnboarding({ members: ports.members }),
      findCoveringMembers: new FindCoveringMembers({ members: ports.members }),
      issueLoginToken: new IssueLoginToken({ tokens: loginTokens, secrets, clock: ports.clock, ttlMs: ports.loginTokenTtlMs }),
      consumeLoginToken: new ConsumeLoginToken({ tokens: loginTokens, secrets, clock: ports.clock, ensureMember }),
      findMemberByPhone: new FindMemberByPhone({ members: ports.members }),
      setDoNotDisturb: new SetDoNotDisturb({ members: ports.members }),
      listAlertSettings: new ListAlertSettings({ members: ports.members }),
      getAlertChannels: new GetAlertChannels({ members: ports.members }),
      setAlertChannels: new SetAlertChannels({ members: ports.members }),
      addPushDevice: new AddPushDevice({
        members: ports.members,
        clock: ports.clock,
        ids: ports.ids,
        subscriptionRules: { allowLoopback: ports.allowLoopbackPushEndpoints },
      }),
      removePushDevice: new RemovePushDevice({ members: ports.members }),
      removePushEndpoint: new RemovePushEndpoint({ members: ports.members }),
      deleteMember: new DeleteMember({ members: ports.members, loginTokens }),
    }),
  };
}
