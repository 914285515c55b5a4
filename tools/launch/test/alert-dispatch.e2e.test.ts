import { randomUUID } from 'node:crypto';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { NotificationService } from '@swarm/proto/notification/v1/notification_service';
import { waitUntil } from '@swarm/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded } from '../src/embedded.js';
import { startDistributedProduct, staticDirWithIndex } from './product-harness.js';

/** Springfield, IL as the offline geocoder places it. */
const SPRINGFIELD = { latitude: 39.7817, longitude: -89.6501, address: '9 Hive Road, Springfield, IL, USA' };

type Clients = {
  member: ReturnType<typeof createClient<typeof MemberService>>;
  billing: ReturnType<typeof createClient<typeof AssociationBillingService>>;
  notification: ReturnType<typeof createClient<typeof NotificationService>>;
};
type Product = { baseUrl: string; clients: Clients; stop: () => Promise<void> };

async function embedded(): Promise<Product> {
  const product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: staticDirWithIndex() }, loggerFor: (service) => pino({ level: 'silent', base: { service } }) });
  const { member, associationBilling: billing, notification } = product.clients;
  return { baseUrl: `http://127.0.0.1:${product.port}`, clients: { member, billing, notification }, stop: product.close };
}

async function distributed(): Promise<Product> {
  const product = await startDistributedProduct();
  const transport = (baseUrl: string) => createConnectTransport({ baseUrl, httpVersion: '2' });
  return {
    baseUrl: product.baseUrl,
    clients: {
      member: createClient(MemberService, transport(product.stack.urls.member)),
      billing: createClient(AssociationBillingService, transport(product.stack.urls['association-billing'])),
      notification: createClient(NotificationService, transport(product.stack.urls.notification)),
    },
    stop: product.stop,
  };
}

/** A beekeeper at Springfield, reachable at every hour, in a funded association. */
async function aBeekeeper(clients: Clients, phoneNumber: string): Promise<{ memberId: string; companyId: string }> {
  const suffix = randomUUID().slice(0, 8);
  const { member } = await clients.member.ensureMember({ email: `alert-${suffix}@example.org` });
  const memberId = member?.memberId ?? '';
  await clients.member.updateMemberInformation({ memberId, name: 'Bea Keeper', phoneNumber, address: SPRINGFIELD.address });
  await clients.member.updateAvailability({
    memberId,
    elevationMaximumFeet: 50,
    dayHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 })),
  });
  const { association } = await clients.billing.createAssociation({ companyName: `Springfield ${suffix}`, donationUrl: '' });
  const companyId = association?.companyId ?? '';
  const { activationCode } = await clients.billing.issueActivationCode({ companyId });
  await clients.billing.joinAssociation({ memberId, activationCode });
  await clients.billing.topUp({ companyId, amountCents: 2_000, topUpId: `alert-e2e-${suffix}` });
  return { memberId, companyId };
}

function reportForm(): FormData {
  const fields = {
    reporterName: 'Ada',
    reporterPhone: '5551234567',
    size: 'Basketball',
    elevation: '12',
    address: `${Math.floor(Math.random() * 9_000) + 100} Alert Street, Springfield, IL, USA`,
    recaptchaToken: 'dev-token',
    idempotencyId: randomUUID(),
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const modes: [string, () => Promise<Product>][] = [
  ['embedded', embedded],
  ['distributed (BullMQ on Redis, NATS JetStream)', distributed],
];

describe.each(modes)('alert dispatch, %s', (_mode, start) => {
  let product: Product;
  beforeAll(async () => {
    product = await start();
  }, 120_000);
  afterAll(async () => {
    await product?.stop();
  });

  it('texts a covering beekeeper the claim code of a new report and charges the association 7 cents once', async () => {
    const phone = `217555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const { companyId } = await aBeekeeper(product.clients, phone);
    const response = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: reportForm() });
    expect(response.status).toBe(201);

    await waitUntil(
      async () => (await product.clients.notification.listDevOutboxSms({})).messages.some((sms) => sms.to === phone),
      30_000,
      'the alert SMS',
    );
    const alert = (await product.clients.notification.listDevOutboxSms({})).messages.find((sms) => sms.to === phone);
    expect(alert?.body).toMatch(/^Swarm Alert: Basketball swarm, 12 ft up, [\d.]+ mi from home\. To claim it, reply with the code \d{5}$/);
    expect((await product.clients.billing.getBalance({ companyId })).balanceCents).toBe(2_000 - 7);
  }, 60_000);
});
