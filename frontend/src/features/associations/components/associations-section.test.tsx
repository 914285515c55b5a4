import { screen, waitFor, within, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestAppProvider } from '@/testing/test-app-provider';
import { createQueryClient } from '@/lib/query-client';
import type { MemberCompany } from '../api/get-member-companies';
import { AssociationsSection, REMOVE_CONFIRMATION } from './associations-section';

type FakeReply = { status: number; body: unknown };

/** A stand-in for the gateway's /api/member/company calls, keeping the member's associations in memory. */
class FakeGateway {
  companies: MemberCompany[] = [];
  codes = new Map<string, { companyId: string; companyName: string }>();
  requests: { method: string; path: string; body?: unknown }[] = [];
  failNext?: FakeReply;

  company(overrides: Partial<MemberCompany>): MemberCompany {
    return { companyId: 'c-1', companyName: 'Springfield Beekeepers', status: 'a', isAdmin: false, dateJoined: '2026-06-01T12:00:00.000Z', dateStatusChanged: '2026-06-01T12:00:00.000Z', ...overrides };
  }

  handle(method: string, path: string, body?: unknown): FakeReply {
    this.requests.push({ method, path, body });
    if (this.failNext) {
      const reply = this.failNext;
      this.failNext = undefined;
      return reply;
    }
    if (method === 'GET' && path === '/api/member/company') return { status: 200, body: this.companies };
    if (method === 'POST' && path === '/api/member/company') {
      const code = String((body as { memberActivationCode?: string }).memberActivationCode).toUpperCase();
      const target = this.codes.get(code);
      if (!target) return { status: 404, body: { message: 'Invalid activation code.' } };
      const existing = this.companies.find((company) => company.companyId === target.companyId);
      if (existing?.status === 'a') return { status: 409, body: { message: 'You are already a member of this association.' } };
      if (existing) existing.status = 'a';
      else this.companies.push(this.company(target));
      return { status: 200, body: { message: 'Successfully joined association.' } };
    }
    const leave = /^\/api\/member\/company\/(.+)$/.exec(path);
    if (method === 'DELETE' && leave) {
      const before = this.companies.length;
      this.companies = this.companies.filter((company) => company.companyId !== decodeURIComponent(leave[1]!));
      return before === this.companies.length ? { status: 404, body: { message: 'Company not found.' } } : { status: 200, body: { message: 'Successfully joined association.' } };
    }
    return { status: 404, body: { message: 'Not found.' } };
  }

  install(): void {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const reply = this.handle(init?.method ?? 'GET', url.pathname, init?.body ? JSON.parse(String(init.body)) : undefined);
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
    });
  }
}

function renderSection() {
  const queryClient = createQueryClient({ queries: { retry: false }, mutations: { retry: false } });
  const user = userEvent.setup();
  render(
    <TestAppProvider queryClient={queryClient}>
      <AssociationsSection />
    </TestAppProvider>,
  );
  return { queryClient, user };
}

describe('AssociationsSection', () => {
  let gateway: FakeGateway;

  beforeEach(() => {
    gateway = new FakeGateway();
    gateway.install();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('lists the member associations, inactive ones in red with (Inactive)', async () => {
    gateway.companies = [gateway.company({}), gateway.company({ companyId: 'c-2', companyName: 'Shelbyville Apiarists', status: 'i' })];
    renderSection();

    const list = await screen.findByRole('list', { name: 'Your associations' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Springfield Beekeepers', 'Shelbyville Apiarists (Inactive)']);
    expect(getComputedStyle(items[1]!).color).toBe('rgb(179, 38, 30)');
    expect(getComputedStyle(items[0]!).color).not.toBe('rgb(179, 38, 30)');
  });

  it('links an association the member administers to its admin page from the build configuration', async () => {
    vi.stubEnv('VITE_ASSOCIATION_ADMIN_URL', 'https://admin.example.org/company/{companyId}');
    gateway.companies = [gateway.company({ companyId: 'c 7', isAdmin: true }), gateway.company({ companyId: 'c-8', companyName: 'Plain Members' })];
    renderSection();

    const link = await screen.findByRole('link', { name: 'Springfield Beekeepers' });
    expect(link).toHaveAttribute('href', 'https://admin.example.org/company/c%207');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'Plain Members' })).not.toBeInTheDocument();
  });

  it('marks the section, code input and add button for the onboarding tour', async () => {
    renderSection();
    expect(screen.getByRole('region', { name: 'Associations' })).toHaveAttribute('data-tour', 'associations');
    expect(screen.getByLabelText('Activation code')).toHaveAttribute('data-tour', 'activation-code');
    expect(screen.getByRole('button', { name: 'Add association' })).toHaveAttribute('data-tour', 'add-association');
    expect(await screen.findByText(/You have not joined an association yet/)).toBeInTheDocument();
  });

  it.each([
    ['', 'Activation code is required'],
    ['ABC-1234', 'Activation code must contain only letters and numbers'],
    ['ABC123', 'Activation code must be exactly 8 characters'],
  ])('refuses the code %j with %j without calling the server', async (code, message) => {
    const { user } = renderSection();
    await screen.findByText(/You have not joined an association yet/);
    if (code) await user.type(screen.getByLabelText('Activation code'), code);
    await user.click(screen.getByRole('button', { name: 'Add association' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Activation code')).toHaveAttribute('aria-invalid', 'true');
    expect(gateway.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('joins with a code from the keyboard, shows the success toast and refreshes the association and report lists', async () => {
    gateway.codes.set('ABCD2345', { companyId: 'c-1', companyName: 'Springfield Beekeepers' });
    const { user, queryClient } = renderSection();
    queryClient.setQueryData(['member', 'report', 'active'], []);
    await screen.findByText(/You have not joined an association yet/);

    await user.type(screen.getByLabelText('Activation code'), 'abcd2345{Enter}');

    expect(await screen.findByText('Successfully joined association.')).toBeInTheDocument();
    expect(gateway.requests).toContainEqual({ method: 'POST', path: '/api/member/company', body: { memberActivationCode: 'abcd2345' } });
    expect(await screen.findByRole('list', { name: 'Your associations' })).toHaveTextContent('Springfield Beekeepers');
    expect(queryClient.getQueryState(['member', 'report', 'active'])?.isInvalidated).toBe(true);
    expect(screen.getByLabelText('Activation code')).toHaveValue('');
  });

  it.each([
    [{ status: 404, body: { message: 'Invalid activation code.' } }, 'Invalid activation code.'],
    [{ status: 409, body: { message: 'You are already a member of this association.' } }, 'You are already a member of this association.'],
    [{ status: 500, body: { message: 'boom' } }, 'Something went wrong while joining association.'],
  ])('shows the spec toast when joining answers %j', async (reply, message) => {
    const { user } = renderSection();
    await screen.findByText(/You have not joined an association yet/);
    gateway.failNext = reply;
    await user.type(screen.getByLabelText('Activation code'), 'ZZZZ2345');
    await user.click(screen.getByRole('button', { name: 'Add association' }));
    expect(await within(screen.getByRole('alert')).findByText(message)).toBeInTheDocument();
  });

  it('removes an association after confirmation, with the spec (sic) success toast', async () => {
    gateway.companies = [gateway.company({})];
    const confirm = vi.spyOn(window, 'confirm');
    const { user, queryClient } = renderSection();
    queryClient.setQueryData(['member', 'report', 'claimed'], []);

    await user.click(await screen.findByRole('button', { name: 'Remove Springfield Beekeepers' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Springfield Beekeepers?' });
    expect(dialog).toHaveTextContent(REMOVE_CONFIRMATION);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(gateway.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    // The site's dialog, never the browser's own box.
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Successfully joined association.')).toBeInTheDocument();
    expect(gateway.requests).toContainEqual({ method: 'DELETE', path: '/api/member/company/c-1', body: undefined });
    expect(await screen.findByText(/You have not joined an association yet/)).toBeInTheDocument();
    expect(queryClient.getQueryState(['member', 'report', 'claimed'])?.isInvalidated).toBe(true);
  });

  it('keeps the association when the member does not confirm', async () => {
    gateway.companies = [gateway.company({})];
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Remove Springfield Beekeepers' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Springfield Beekeepers' })).toHaveFocus();
    expect(gateway.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    expect(screen.getByRole('list', { name: 'Your associations' })).toHaveTextContent('Springfield Beekeepers');
  });

  it.each([
    [{ status: 404, body: { message: 'Company not found.' } }, 'Company not found.'],
    [{ status: 500, body: { message: 'boom' } }, 'Something went wrong while deleting association.'],
  ])('shows the spec toast when removing answers %j', async (reply, message) => {
    gateway.companies = [gateway.company({})];
    const { user } = renderSection();
    const button = await screen.findByRole('button', { name: 'Remove Springfield Beekeepers' });
    gateway.failNext = reply;
    await user.click(button);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await within(screen.getByRole('alert')).findByText(message)).toBeInTheDocument();
  });

  it('opens the inactive-association dialog by itself and reactivates with a code, checking only that one was typed', async () => {
    gateway.companies = [gateway.company({ status: 'i' })];
    gateway.codes.set('ABCD2345', { companyId: 'c-1', companyName: 'Springfield Beekeepers' });
    const { user } = renderSection();

    const dialog = await screen.findByRole('dialog', { name: 'One of your associations is inactive' });
    const input = within(dialog).getByLabelText('Activation code');
    await waitFor(() => expect(input).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    expect(await within(dialog).findByText('Activation code is required')).toBeInTheDocument();

    await user.type(input, 'abcd2345');
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));

    expect(await screen.findByText('Successfully joined association.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('list', { name: 'Your associations' })).toHaveTextContent(/^Springfield Beekeepers$/);
  });

  it('keeps keyboard focus inside the inactive-association dialog', async () => {
    gateway.companies = [gateway.company({ status: 'i' })];
    const { user } = renderSection();
    const dialog = await screen.findByRole('dialog', { name: 'One of your associations is inactive' });
    const input = within(dialog).getByLabelText('Activation code');
    await waitFor(() => expect(input).toHaveFocus());
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Reactivate' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Not now' })).toHaveFocus();
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Not now' })).toHaveFocus();
  });

  it('lets the member close the inactive-association dialog with Escape', async () => {
    gateway.companies = [gateway.company({ status: 'i' })];
    const { user } = renderSection();
    await screen.findByRole('dialog', { name: 'One of your associations is inactive' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Springfield Beekeepers (Inactive)')).toBeInTheDocument();
  });
});
