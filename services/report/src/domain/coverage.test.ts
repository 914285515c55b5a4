import { describe, expect, it } from 'vitest';
import { coverageFrom } from './coverage.js';

const membership = (memberId: string, companyId: string) => ({ memberId, companyId, companyName: `Name of ${companyId}`, donationUrl: '' });

describe('coverageFrom', () => {
  it('alerts a member of several paying associations once, through the first in billing’s order', () => {
    const coverage = coverageFrom([{ memberId: 'm-1', distanceMiles: 2 }], [membership('m-1', 'c-2'), membership('m-1', 'c-1')]);
    expect(coverage.members).toEqual([{ memberId: 'm-1', distanceMiles: 2, companyId: 'c-2', companyName: 'Name of c-2' }]);
    expect(coverage.associations.map((association) => association.companyId)).toEqual(['c-2', 'c-1']);
  });

  it('names the associations of the nearest members first, whatever the order billing listed the memberships in', () => {
    const found = [
      { memberId: 'near', distanceMiles: 1 },
      { memberId: 'mid', distanceMiles: 4 },
      { memberId: 'far', distanceMiles: 9 },
    ];
    const listed = [membership('far', 'c-far'), membership('mid', 'c-mid'), membership('near', 'c-near'), membership('far', 'c-mid')];
    expect(coverageFrom(found, listed).associations.map((association) => association.companyId)).toEqual(['c-near', 'c-mid', 'c-far']);
    expect(coverageFrom(found, [...listed].reverse()).associations.map((association) => association.companyId)).toEqual(['c-near', 'c-mid', 'c-far']);
  });

  it('leaves out a covering member without a paying membership, keeping the others in their order', () => {
    const coverage = coverageFrom(
      [
        { memberId: 'm-2', distanceMiles: 1 },
        { memberId: 'unpaid', distanceMiles: 1.5 },
        { memberId: 'm-1', distanceMiles: 3 },
      ],
      [membership('m-1', 'c-1'), membership('m-2', 'c-1')],
    );
    expect(coverage.members.map((member) => member.memberId)).toEqual(['m-2', 'm-1']);
    expect(coverage.associations).toHaveLength(1);
  });

  it('puts members reached only through their extra miles in the wider coverage, paying ones only, and names only the regular associations', () => {
    const coverage = coverageFrom(
      [
        { memberId: 'm-1', distanceMiles: 1 },
        { memberId: 'far', distanceMiles: 7, wider: true },
        { memberId: 'far-unpaid', distanceMiles: 8, wider: true },
      ],
      [membership('m-1', 'c-1'), membership('far', 'c-2')],
    );
    expect(coverage.members.map((member) => member.memberId)).toEqual(['m-1']);
    expect(coverage.wider).toEqual([{ memberId: 'far', distanceMiles: 7, companyId: 'c-2', companyName: 'Name of c-2' }]);
    expect(coverage.associations.map((association) => association.companyId)).toEqual(['c-1']);
  });

  it('alerts a member found both ways with the regular coverage only', () => {
    const coverage = coverageFrom(
      [
        { memberId: 'm-1', distanceMiles: 1 },
        { memberId: 'm-1', distanceMiles: 1, wider: true },
      ],
      [membership('m-1', 'c-1')],
    );
    expect(coverage.members.map((member) => member.memberId)).toEqual(['m-1']);
    expect(coverage.wider).toEqual([]);
  });
});
