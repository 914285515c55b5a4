import { alertChannels as alertChannelLabels } from '@swarm/proto/labels';
import { z } from 'zod';
import { alertChannels } from './alert-channels.js';
import { isoInstant } from './common.js';
import { memberCompany } from './member-company.js';
import { activeReport, claimedReport } from './member-reports.js';
import { availability, memberInformation } from './member.js';

/** The file name the browser saves the member's data under. */
export const MEMBER_DATA_FILE_NAME = 'swarm-alert-my-data.json';

/**
 * GET /api/member/data: everything the product holds about the member, gathered from each service that holds part
 * of it, in the shapes of the member area's own calls. The devices' push subscriptions are secrets and never in it.
 */
export const memberData = z.object({
  exportedAt: isoInstant,
  member: z.object({
    memberId: z.string(),
    email: z.string(),
    ...memberInformation.shape,
    timeZone: z.string(),
  }),
  availability,
  alertChannels,
  associations: z.array(memberCompany),
  /** The alerts the member received, newest first. */
  alertsReceived: z.array(
    z.object({
      reportId: z.string(),
      companyName: z.string(),
      distanceMiles: z.number(),
      channels: z.array(z.enum(alertChannelLabels.labels)),
      sentAt: isoInstant.nullable(),
    }),
  ),
  activeSwarmsAlerted: z.array(activeReport),
  claimedSwarms: z.array(claimedReport),
});
export type MemberData = z.output<typeof memberData>;
