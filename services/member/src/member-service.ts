import type { ConnectRouter } from '@connectrpc/connect';
import { EnsureMember } from './app/ensure-member.js';
import { GetMember } from './app/get-member.js';
import type { Clock, IdGenerator, MemberRepository } from './app/ports.js';
import { memberServiceRoutes } from './adapters/rpc/member-service-routes.js';

/** Wires the member use cases to the adapters main.ts (or the embedded launcher) chose. */
export function buildMemberService(ports: { members: MemberRepository; clock: Clock; ids: IdGenerator }): {
  routes: (router: ConnectRouter) => void;
} {
  const ensureMember = new EnsureMember(ports.members, ports.clock, ports.ids);
  const getMember = new GetMember(ports.members);
  return { routes: memberServiceRoutes({ ensureMember, getMember }) };
}
