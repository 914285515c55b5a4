import { z } from 'zod';
import { isoInstantOrEmpty } from './common.js';

/** One of the member's associations as the member area lists it; status 'i' is inactive (set by the association), 'a' active. */
export const memberCompany = z.object({
  companyId: z.string(),
  companyName: z.string(),
  status: z.enum(['a', 'i']),
  isAdmin: z.boolean(),
  dateJoined: isoInstantOrEmpty,
  dateStatusChanged: isoInstantOrEmpty,
});
export type MemberCompany = z.output<typeof memberCompany>;

/** GET /api/member/company. */
export const memberCompanies = z.array(memberCompany);

/** POST /api/member/company: an activation code of 8 letters and digits. */
export const joinAssociationRequest = z.object({
  memberActivationCode: z
    .string({ error: 'Activation code is required' })
    .trim()
    .min(1, 'Activation code is required')
    .regex(/^[A-Za-z0-9]+$/, 'Activation code must contain only letters and numbers')
    .length(8, 'Activation code must be exactly 8 characters'),
});
export type JoinAssociationRequest = z.input<typeof joinAssociationRequest>;

/** 200: the spec's message, and the membership as the list shows it. */
export const associationJoined = z.object({ message: z.string(), company: memberCompany.optional() });

/** An association's id in a path: 1 to 128 visible ASCII characters. */
export const companyParams = z.object({ companyId: z.string().trim().min(1).max(128).regex(/^[\x21-\x7e]+$/) });
