import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt } from '@/testing/render-app';
import { stubMemberApi } from '@/testing/fake-member-api';
import { DELETE_CONFIRMATION_WORD } from './account-section';

describe('Your account section', { timeout: 20_000 }, () => {
  const openDeleteDialog = async () => {
    const section = await screen.findByRole('region', { name: 'Your account' });
    fireEvent.click(within(section).getByRole('button', { name: 'Delete my account' }));
    return screen.findByRole('alertdialog', { name: 'Delete your account?' });
  };

  it('deletes nothing until the member types the confirmation word, then deletes and goes to the landing page', async () => {
    const api = stubMemberApi({}, { 'DELETE /api/member/account': () => ({ status: 204 }) });
    const { router } = renderAppAt('/member');
    const dialog = await openDeleteDialog();
    expect(dialog).toHaveTextContent('erases your name, email, phone number, address, availability and the devices');
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    const word = within(dialog).getByRole('textbox', { name: `Type ${DELETE_CONFIRMATION_WORD} to confirm` });
    expect(confirm).toBeDisabled();
    fireEvent.change(word, { target: { value: 'delete' } });
    fireEvent.submit(word);
    expect(confirm).toBeDisabled();
    expect(api.callsTo('DELETE', '/member/account')).toEqual([]);

    fireEvent.change(word, { target: { value: DELETE_CONFIRMATION_WORD } });
    fireEvent.click(confirm);
    expect(await screen.findByText('Your account and your information have been deleted.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/member/account')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('tells the member in a sentence when the deletion failed, and keeps the dialog open', async () => {
    stubMemberApi({}, { 'DELETE /api/member/account': () => ({ status: 503, body: { message: 'Something went wrong deleting your account. Please try again.' } }) });
    renderAppAt('/member');
    const dialog = await openDeleteDialog();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: DELETE_CONFIRMATION_WORD } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Failed to delete your account.')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong deleting your account. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Delete your account?' })).toBeInTheDocument();
  });

  it('tells the member in a sentence when their data could not be gathered', async () => {
    stubMemberApi({}, { 'GET /api/member/data': () => ({ status: 503, body: { message: 'Something went wrong gathering your data. Please try again.' } }) });
    renderAppAt('/member');
    const section = await screen.findByRole('region', { name: 'Your account' });
    fireEvent.click(within(section).getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Failed to download your data.')).toBeInTheDocument();
  });
});
