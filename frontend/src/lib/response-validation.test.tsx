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

  it("keeps spec §3's readings: nulls become empty strings, claim codes keep their leading zeros", () => {
    const [active] = activeReportsSchema.parse([activeReport({ note: null, claimCode: 42 as unknown as string, elevation: null, distanceFromHome: '1.5' as unknown as number })]);
    expect(active).toMatchObject({ note: '', claimCode: '00042', elevation: null, distanceFromHome: 1.5 });
    const [claimed] = claimedReportsSchema.parse([claimedReport({ companyName: null, dateClaimed: null })]);
    expect(claimed).toMatchObject({ companyName: '', dateClaimed: '', canUnClaim: true, outcome: null });
    const { outcome: _outcome, ...withoutOutcome } = claimedReport();
    expect(claimedReportsSchema.parse([withoutOutcome])[0]?.outcome).toBeNull();
    expect(claimedReportsSchema.parse([claimedReport({ outcome: 'Captured' })])[0]?.outcome).toBe('Captured');
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
