import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { activeReportsSchema } from '@/features/member-reports/api/get-active-reports';
import { claimedReportsSchema } from '@/features/member-reports/api/get-claimed-reports';
import { activeReport, claimedReport, FakeReportGateway } from '@/testing/fake-report-api';
import { stubMemberApi } from '@/testing/fake-member-api';
import { reportAssociationsSchema } from '@/features/report/api/get-report-associations';
import { jsonResponse, stubApi } from '@/testing/fake-api';
import { renderAppAt } from '@/testing/render-app';
import { InvalidResponseError, invalidResponseMessage, parseResponse } from './api-client';
import { createQueryClient } from './query-client';

const quiet = () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
};

const fallbackPanel = () => screen.queryByRole('alertdialog', { name: 'Something went wrong:' });

describe('response validation: one schema per endpoint', () => {
  it('turns an answer of the wrong shape into an InvalidResponseError naming the endpoint, for developers only', () => {
    quiet();
    const call = () => parseResponse(reportAssociationsSchema, { data: [] }, 'GET /api/report/{reportId}/associations');

    expect(call).toThrow(InvalidResponseError);
    expect(call).toThrow(invalidResponseMessage);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('GET /api/report/{reportId}/associations'));
  });

  it("reads the report lists with the gateway's own schemas: claim codes as text with their leading zeros, null where there is none", () => {
    const [active] = activeReportsSchema.parse([activeReport({ claimCode: '00042' })]);
    expect(active).toMatchObject({ claimCode: '00042', elevation: 6, distanceFromHome: 2.345 });
    const [claimed] = claimedReportsSchema.parse([claimedReport({ dateClaimed: null, imageUrl: null })]);
    expect(claimed).toMatchObject({ dateClaimed: null, imageUrl: null, canUnClaim: true, outcome: null });
    expect(claimedReportsSchema.parse([claimedReport({ outcome: 'Captured' })])[0]?.outcome).toBe('Captured');
  });

  it('refuses what the gateway never sends: a claim code as a number (its leading zeros lost), an outcome without its key', () => {
    expect(activeReportsSchema.safeParse([{ ...activeReport(), claimCode: 42 }]).success).toBe(false);
    const { outcome: _outcome, ...withoutOutcome } = claimedReport();
    expect(claimedReportsSchema.safeParse([withoutOutcome]).success).toBe(false);
  });

  it('does not retry a malformed answer: asking again gets the same', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry;
    expect(typeof retry === 'function' && retry(0, new InvalidResponseError('GET /x', 'bad'))).toBe(false);
  });

  it('shows the success page with a handled error when the associations answer is not a list (no "t.data.map is not a function")', async () => {
    quiet();
    stubApi({ 'GET /report/r-42/associations': () => jsonResponse({ data: [{ name: 'Portland Beekeepers' }] }) });

    renderAppAt('/success/r-42');

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the list of associations alerted, but your report was received.");
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for your report' })).toBeInTheDocument();
    expect(fallbackPanel()).not.toBeInTheDocument();
  });

  it('shows a handled error when an association name is an object (no "Minified React error #31")', async () => {
    quiet();
    stubApi({ 'GET /report/r-42/associations': () => jsonResponse([{ name: { first: 'Portland' }, donationUrl: null }]) });

    renderAppAt('/success/r-42');

    expect(await screen.findByRole('alert')).toHaveTextContent('your report was received');
    expect(fallbackPanel()).not.toBeInTheDocument();
  });

  it('keeps the member area working when one report list is malformed, and says that list could not be loaded', async () => {
    quiet();
    stubMemberApi();
    const gateway = new FakeReportGateway([activeReport()], [claimedReport()]);
    gateway.install({ inFrontOfCurrentFetch: true });
    gateway.handle = ((original) => (method: string, pathname: string, body: unknown) =>
      pathname === '/api/member/report/active' ? { status: 200, body: { data: 'not a list' } } : original.call(gateway, method, pathname, body))(gateway.handle);

    renderAppAt('/member');

    const active = screen.getByRole('region', { name: 'Active Swarms' });
    expect(await within(active).findByRole('alert')).toHaveTextContent('We could not load your active swarms.');
    const claimed = screen.getByRole('region', { name: 'Claimed Swarms' });
    expect(await within(claimed).findByRole('button', { name: 'Un-claim swarm 98765' })).toBeInTheDocument();
    expect(fallbackPanel()).not.toBeInTheDocument();
  });

  it('says so when the availability answer is malformed, and keeps the rest of the profile', async () => {
    quiet();
    stubMemberApi({}, { 'GET /api/member/availability': () => ({ status: 200, body: { doNotDisturb: 'maybe' } }) });

    renderAppAt('/member');

    const availability = screen.getByRole('region', { name: 'Availability' });
    expect(await within(availability).findByRole('alert')).toHaveTextContent('We could not load your availability.');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Ada Lovelace'));
    expect(fallbackPanel()).not.toBeInTheDocument();
  });

  it('keeps the FAQ readable when the configuration answer is malformed', async () => {
    quiet();
    stubApi({ 'GET /config': () => jsonResponse('<html>proxy page</html>') });

    renderAppAt('/faq?section=alert-number');

    const answer = await screen.findByRole('region', { name: 'What number do alerts come from?' });
    await waitFor(() => expect(answer).toHaveTextContent('shown in your first alert'));
    expect(fallbackPanel()).not.toBeInTheDocument();
  });
});
