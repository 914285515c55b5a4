import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/fake-api';
import { renderAppAt } from '@/testing/render-app';
import { safeDonationUrl } from './report-success-page';

describe('success page', () => {
  it('lists the associations alerted, linking those that take donations', async () => {
    const { requests } = stubApi({
      'GET /report/r-42/associations': () =>
        jsonResponse([
          { name: 'Portland Beekeepers', donationUrl: 'https://portlandbees.example/donate' },
          { name: 'Tualatin Valley Beekeepers', donationUrl: null },
          { name: 'Salem Bee Club', donationUrl: null },
        ]),
    });

    renderAppAt('/success/r-42');

    expect(await screen.findByRole('link', { name: 'Portland Beekeepers' })).toHaveAttribute('href', 'https://portlandbees.example/donate');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Portland Beekeepers', 'Tualatin Valley Beekeepers', 'Salem Bee Club']);
    expect(screen.getByText('Tualatin Valley Beekeepers').closest('a')).toBeNull();
    expect(screen.getByText('Salem Bee Club').closest('a')).toBeNull();
    expect(requests.map((request) => request.path)).toContain('/report/r-42/associations');
  });

  it('still thanks the reporter when the list cannot be loaded', async () => {
    stubApi({ 'GET /report/r-42/associations': () => jsonResponse({ message: 'down' }, 503) });

    renderAppAt('/success/r-42');

    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for your report' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('your report was received');
  });

  it('never turns a non-web address into a link', () => {
    expect(safeDonationUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeDonationUrl('not a url')).toBeUndefined();
    expect(safeDonationUrl('http://bees.example/give')).toBe('http://bees.example/give');
  });
});
