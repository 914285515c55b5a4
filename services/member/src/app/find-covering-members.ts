import { isValidGeoPoint, type GeoPoint } from '../domain/geo.js';
import { MemberError } from '../domain/member-error.js';
import type { CoveringMember, MemberRepository } from './ports.js';

export class FindCoveringMembers {
  constructor(private readonly ports: { members: MemberRepository }) {}

  /**
   * Members who cover a swarm at this point and height, nearest first; with `includeWider`, also those covering it
   * only through their extra miles (marked wider).
   */
  async execute(point: GeoPoint | undefined, heightFeet: number, includeWider = false): Promise<CoveringMember[]> {
    if (!point || !isValidGeoPoint(point)) {
      throw new MemberError('MEMBER.INVALID_LOCATION', 'the point is not a valid latitude and longitude');
    }
    if (!Number.isFinite(heightFeet) || heightFeet < 0) {
      throw new MemberError('MEMBER.INVALID_LOCATION', 'the height must be a number of feet, 0 or more');
    }
    return this.ports.members.findCovering(point, heightFeet, { includeWider });
  }
}
