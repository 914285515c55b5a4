import type { MemberRepository } from './ports.js';

export class RemovePushEndpoint {
  constructor(private readonly ports: { members: MemberRepository }) {}

  /**
   * The push service said this subscription is gone (404 or 410): whichever member holds it loses the device.
   * Idempotent; whether a member held it.
   */
  async execute(endpoint: string): Promise<boolean> {
    if (endpoint === '') return false;
    return this.ports.members.removePushEndpoint(endpoint);
  }
}
