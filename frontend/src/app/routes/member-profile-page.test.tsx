import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAppAt } from '@/testing/render-app';
import { memberKeys } from '@/lib/query-keys/member-keys';
import { completeInformation, stubMemberApi } from '@/testing/fake-member-api';


const requiredInformationDialog = () => screen.findByRole('dialog', { name: 'Required Information' });

describe('member profile page', { timeout: 20_000 }, () => {
  it('shows the sections in the order of the spec, each with its tour anchor', async () => {
    stubMemberApi();
    const { container } = renderAppAt('/member');

    await screen.findByRole('switch', { name: 'Do Not Disturb' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Information', 'Associations', 'Availability', 'How to alert me', 'Active Swarms', 'Claimed Swarms', 'Your account']);
    expect(screen.getByRole('heading', { level: 1, name: 'Your profile' })).toHaveAttribute('data-tour', 'profile');
    const anchors = [...container.ownerDocument.querySelectorAll('[data-tour]')].map((element) => element.getAttribute('data-tour'));
    expect(anchors).toEqual(['profile', 'associations', 'activation-code', 'add-association', 'availability', 'active-swarms', 'claimed-swarms']);
  });

  it('fills the Information form from the server and notes that a phone number means agreeing to texts', async () => {
    stubMemberApi();
    renderAppAt('/member');

    const section = screen.getByRole('region', { name: 'Information' });
    expect(await within(section).findByRole('textbox', { name: 'Full Name' })).toHaveValue('Ada Lovelace');
    const phone = within(section).getByRole('textbox', { name: 'Phone' });
    expect(phone).toHaveValue('5551234567');
    expect(phone).toHaveAttribute('maxLength', '10');
    expect(phone).toHaveAccessibleDescription(/agree to receive text messages about swarm alerts/);
    expect(within(section).getByRole('combobox', { name: 'Address' })).toHaveValue('1 Hive Lane, Springfield, IL, USA');
  });

  it('keeps only digits in the phone field, typed or pasted, and still names a short number with the spec message', async () => {
    const api = stubMemberApi();
    const { user } = renderAppAt('/member');
    const section = screen.getByRole('region', { name: 'Information' });
    const phone = await within(section).findByRole('textbox', { name: 'Phone' });
    expect(phone).toHaveAttribute('inputMode', 'numeric');

    await user.clear(phone);
    await user.type(phone, '5o3-555 abc');
    expect(phone).toHaveValue('53555');
    await user.clear(phone);
    await user.paste('+1 (503) 555-0188');
    expect(phone).toHaveValue('5035550188');

    await user.clear(phone);
    await user.type(phone, 'five55');
    await user.click(within(section).getByRole('button', { name: 'Update' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('Phone is invalid (10 digts, only numbers)');
    expect(api.callsTo('PUT', '/member/information')).toHaveLength(0);
  });

  it('lists the problems under Errors: and sends nothing when the information is invalid', async () => {
    const api = stubMemberApi();
    const { user } = renderAppAt('/member');
    const section = screen.getByRole('region', { name: 'Information' });
    const name = await within(section).findByRole('textbox', { name: 'Full Name' });

    await user.clear(name);
    await user.type(name, 'Ada');
    await user.clear(within(section).getByRole('textbox', { name: 'Phone' }));
    await user.type(within(section).getByRole('textbox', { name: 'Phone' }), '555');
    await user.type(within(section).getByRole('combobox', { name: 'Address' }), 'x');
    await user.click(within(section).getByRole('button', { name: 'Update' }));

    const errors = within(section).getByRole('alert');
    expect(errors).toHaveTextContent('Errors:');
    expect(within(errors).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'First and Last name required',
      'Phone is invalid (10 digts, only numbers)',
      'Please select an address from the list.',
    ]);
    expect(api.callsTo('PUT', '/member/information')).toHaveLength(0);
    expect(name).toHaveAttribute('aria-invalid', 'true');

    // Each problem goes as soon as its field is right.
    await user.type(name, ' Lovelace');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(within(errors).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Phone is invalid (10 digts, only numbers)',
      'Please select an address from the list.',
    ]);
  });

  it('saves valid information and says so (spec wording)', async () => {
    const api = stubMemberApi();
    const { user } = renderAppAt('/member');
    const section = screen.getByRole('region', { name: 'Information' });
    const name = await within(section).findByRole('textbox', { name: 'Full Name' });

    await user.clear(name);
    await user.type(name, 'Ada King Lovelace');
    await user.click(within(section).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Your information hase been updated.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/member/information').map((call) => call.body)).toEqual([
      { name: 'Ada King Lovelace', phoneNumber: '5551234567', address: '1 Hive Lane, Springfield, IL, USA' },
    ]);
  });

  it('says Update failed! with the server message and lists the server errors when the update is refused', async () => {
    stubMemberApi({}, {
      'PUT /api/member/information': () => ({ status: 400, body: { message: 'Invalid information.', errors: ['Please select an address from the list.'] } }),
    });
    const { user } = renderAppAt('/member');
    const section = screen.getByRole('region', { name: 'Information' });
    await within(section).findByRole('textbox', { name: 'Full Name' });

    await user.click(within(section).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Update failed!')).toBeInTheDocument();
    expect(screen.getByText('Invalid information.')).toBeInTheDocument();
    expect(within(section).getByRole('alert')).toHaveTextContent('Please select an address from the list.');
  });
});

describe('required information modal', { timeout: 20_000 }, () => {
  it('opens when the phone is missing, cannot be closed, and closes once the information is saved', async () => {
    const api = stubMemberApi({ information: completeInformation({ name: 'Ada', phoneNumber: '', address: '' }) });
    const { user } = renderAppAt('/member');

    const dialog = await requiredInformationDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Errors:First and Last name requiredPhone is invalid (10 digts, only numbers)Please select an address from the list.',
    );

    await user.type(within(dialog).getByRole('textbox', { name: 'Full Name' }), ' Lovelace');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '55512345679');
    expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toHaveValue('5551234567');
    await user.type(within(dialog).getByRole('combobox', { name: 'Address' }), '1 Hive');
    await user.click(await within(dialog).findByRole('option', { name: '1 Hive Lane, Springfield, IL, USA' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Required Information' })).not.toBeInTheDocument());
    expect(api.callsTo('PUT', '/member/information').map((call) => call.body)).toEqual([
      { name: 'Ada Lovelace', phoneNumber: '5551234567', address: '1 Hive Lane, Springfield, IL, USA' },
    ]);
  });

  it.each([
    ['a one-word name', { name: 'Ada' }],
    ['no address', { address: '' }],
  ])('opens for %s', async (_case, missing) => {
    stubMemberApi({ information: completeInformation(missing) });
    renderAppAt('/member');

    expect(await requiredInformationDialog()).toBeInTheDocument();
  });

  it('lets a member on the wrong account log out from it', async () => {
    stubMemberApi({ information: completeInformation({ phoneNumber: '' }) });
    const { user, router } = renderAppAt('/member');
    const dialog = await requiredInformationDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('keeps keyboard focus inside the dialog', async () => {
    stubMemberApi({ information: completeInformation({ phoneNumber: '' }) });
    const { user } = renderAppAt('/member');
    const dialog = await requiredInformationDialog();

    for (let step = 0; step < 8; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });
});

describe('session', { timeout: 20_000 }, () => {
  it('goes to /login and forgets the member data when a call answers 401', async () => {
    stubMemberApi({}, { 'GET /api/member/information': () => ({ status: 401, body: { message: 'Not logged in.' } }) });
    const { router, queryClient } = renderAppAt('/member');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Member login' }, { timeout: 5_000 })).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryCache().findAll({ queryKey: memberKeys.all })).toEqual([]));
  });

  it('goes to /login when a save answers 403', async () => {
    stubMemberApi({}, { 'PUT /api/member/information': () => ({ status: 403, body: { message: 'Forbidden.' } }) });
    const { router, user } = renderAppAt('/member');
    const section = screen.getByRole('region', { name: 'Information' });
    await within(section).findByRole('textbox', { name: 'Full Name' });

    await user.click(within(section).getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('does not retry a query the server refused with 401', async () => {
    const api = stubMemberApi({}, { 'GET /api/member/information': () => ({ status: 401, body: { message: 'Not logged in.' } }) });
    const { router } = renderAppAt('/member');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('GET', '/member/information')).toHaveLength(1);
  });

  it('logs out and goes home', async () => {
    const api = stubMemberApi();
    const { router, user, queryClient } = renderAppAt('/member');
    await screen.findByRole('switch', { name: 'Do Not Disturb' });

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('DELETE', '/oauth/logout')).toHaveLength(1);
    expect(queryClient.getQueryData(memberKeys.information)).toBeUndefined();
  });

  it('still goes home, with an error message, when logout fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubMemberApi({}, { 'DELETE /api/oauth/logout': () => ({ status: 500, body: { message: 'Boom.' } }) });
    const { router, user } = renderAppAt('/member');
    await screen.findByRole('switch', { name: 'Do Not Disturb' });

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Something went wrong logging you out.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});
