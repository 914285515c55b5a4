import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devConfig, jsonResponse, stubApi } from '@/testing/fake-api';
import { renderAppAt } from '@/testing/render-app';
import { pickedAddress, placesHandler } from '@/testing/report-fakes';

const addressBox = () => screen.getByRole('combobox', { name: 'Address' });

describe('address combobox', () => {
  it('offers the suggestions for what was typed and takes one with the keyboard', async () => {
    const { requests } = stubApi({ 'GET /config': () => jsonResponse(devConfig), 'GET /places/autocomplete': placesHandler });
    const { user } = renderAppAt('/report');

    await user.type(addressBox(), '12 Oak');
    expect(await screen.findByRole('option', { name: pickedAddress })).toBeInTheDocument();
    expect(screen.getByText('2 addresses found. Use the up and down arrows to choose.')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');

    expect(addressBox()).toHaveValue(pickedAddress);
    expect(addressBox()).toHaveAttribute('aria-expanded', 'false');
    // Debounced: one call for the settled text, not one per key.
    expect(requests.filter((request) => request.path === '/places/autocomplete').map((request) => request.query.get('input'))).toEqual(['12 Oak']);
  });

  it('says so when nothing matches', async () => {
    stubApi({ 'GET /config': () => jsonResponse(devConfig), 'GET /places/autocomplete': placesHandler });
    const { user } = renderAppAt('/report');

    await user.type(addressBox(), 'Nowhere');

    await waitFor(() => expect(screen.getByText('No matching addresses. Keep typing the street and town.')).toBeInTheDocument());
    expect(within(screen.getByRole('listbox', { hidden: true })).queryAllByRole('option', { hidden: true })).toHaveLength(0);
  });

  it('tells the reporter when address suggestions are unavailable', async () => {
    stubApi({ 'GET /config': () => jsonResponse(devConfig), 'GET /places/autocomplete': () => jsonResponse({ message: 'Address lookup is unavailable.' }, 503) });
    const { user } = renderAppAt('/report');

    await user.type(addressBox(), '12 Oak');

    expect(await screen.findByText('Address suggestions are not available right now. Please try again in a moment.')).toHaveAttribute('role', 'alert');
  });
});
