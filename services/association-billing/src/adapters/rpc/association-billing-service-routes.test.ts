import { Code, createClient, createRouterTransport, type Client } from '@connectrpc/connect';
import { AssociationBillingService, AssociationStatus } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { domainErrorCode } from '@swarm/runtime';
import { connectErrorOf } from '@swarm/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildAssociationBillingService } from '../../association-billing-service.js';
import { MemoryAssociationRepository } from '../memory/memory-association-repository.js';


describe('AssociationBillingService over Connect', () => {
  let client: Client<typeof AssociationBillingService>;

  beforeEach(() => {
    let nextId = 0;
    const service = buildAssociationBillingService({
      associations: new MemoryAssociationRepository(),
      clock: { now: () => new Date('2026-06-01T12:00:00Z') },
      ids: { newId: () => `company-${(nextId += 1)}` },
    });
    client = createClient(AssociationBillingService, createRouterTransport(service.routes));
  });

  it('creates an active association and finds it by id', async () => {
    const { association } = await client.createAssociation({ companyName: 'Springfield Beekeepers', donationUrl: 'https://example.org/give' });
    expect(association).toMatchObject({
      companyId: 'company-1',
      companyName: 'Springfield Beekeepers',
      donationUrl: 'https://example.org/give',
      status: AssociationStatus.ACTIVE,
    });
    const found = await client.getAssociation({ companyId: 'company-1' });
    expect(found.association).toEqual(association);
  });

  it('answers an association without donations with an empty donation URL', async () => {
    const { association } = await client.createAssociation({ companyName: 'Shelbyville Apiarists', donationUrl: '' });
    expect(association?.donationUrl).toBe('');
  });

  it('answers invalid details with INVALID_ARGUMENT and the rule code', async () => {
    const error = await connectErrorOf(client.createAssociation({ companyName: 'a'.repeat(256), donationUrl: '' }));
    expect(error.code).toBe(Code.InvalidArgument);
    expect(domainErrorCode(error)).toBe('ASSOCIATION.INVALID');
  });

  it('answers an unknown company id with NOT_FOUND and the rule code', async () => {
    const error = await connectErrorOf(client.getAssociation({ companyId: 'missing' }));
    expect(error.code).toBe(Code.NotFound);
    expect(domainErrorCode(error)).toBe('ASSOCIATION.NOT_FOUND');
  });
});
