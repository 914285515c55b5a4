import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/fake-api';
import { renderAppAt } from '@/testing/render-app';
import { FEEDBACK_SUCCESS_MS, INVALID_EMAIL } from './feedback-dialog';

const feedbackTab = () => screen.queryByRole('button', { name: 'Feedback' });
const notifications = () => screen.getByRole('region', { name: 'Notifications' });

describe('feedback widget', () => {
  it.each(['/', '/about', '/report', '/identify/size', '/success/r-1'])('offers the Feedback tab on %s', (path) => {
    stubApi({});
    renderAppAt(path);

    expect(feedbackTab()).toBeInTheDocument();
  });

  it('opens a Feedback dialog with the message first, optional name and email, and hides the tab', async () => {
    const { user } = renderAppAt('/about');

    await user.click(feedbackTab()!);

    const dialog = screen.getByRole('dialog', { name: 'Feedback' });
    const message = within(dialog).getByRole('textbox', { name: 'Message' });
    expect(message).toHaveAttribute('placeholder', 'Did something go wrong? Let us know!');
    expect(message).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'Name (optional)' })).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Email (optional)' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(feedbackTab()).not.toBeInTheDocument();
  });

  it('refuses an empty (or blank) message with both spec messages', async () => {
    const { requests } = stubApi({});
    const { user } = renderAppAt('/about');
    await user.click(feedbackTab()!);

    await user.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const problems = within(screen.getByRole('dialog')).getByRole('alert');
    expect(problems).toHaveTextContent('Please enter in the following required fields: Message');
    expect(problems).toHaveTextContent('Unable to submit feedback with empty message');
    expect(requests).toHaveLength(0);
  });

  it('sends the feedback with the page address, closes, and thanks for 5 seconds', async () => {
    const { requests } = stubApi({ 'POST /feedback': () => jsonResponse({ feedbackId: 'f-1' }, 201) });
    const { user } = renderAppAt('/about');
    await user.click(feedbackTab()!);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '  The map is slow  ');
    await user.type(screen.getByRole('textbox', { name: 'Name (optional)' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Email (optional)' }), 'ada@example.com');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Submit' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(JSON.parse(String(requests[0]?.body))).toEqual({
        name: 'Ada',
        email: 'ada@example.com',
        message: 'The map is slow',
        url: window.location.href,
        source: 'widget',
      });
      expect(within(notifications()).getByRole('status')).toHaveTextContent('Thank you for your feedback!');
      expect(feedbackTab()).toHaveFocus();

      act(() => vi.advanceTimersByTime(FEEDBACK_SUCCESS_MS + 10));
      expect(within(notifications()).queryByRole('status')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('removes the thank-you message when it is clicked', async () => {
    stubApi({ 'POST /feedback': () => jsonResponse({ feedbackId: 'f-1' }, 201) });
    const { user } = renderAppAt('/about');
    await user.click(feedbackTab()!);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await user.click(await within(notifications()).findByText('Thank you for your feedback!'));

    expect(within(notifications()).queryByText('Thank you for your feedback!')).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the spec message when sending fails', async () => {
    stubApi({ 'POST /feedback': () => jsonResponse({ message: 'down' }, 503) });
    const { user } = renderAppAt('/about');
    await user.click(feedbackTab()!);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Broken button');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const dialog = screen.getByRole('dialog', { name: 'Feedback' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('There was a problem submitting feedback, please wait and try again.');
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue('Broken button');
  });

  it('checks the email format in the form, says so under the field and sends nothing; the error goes once it is right', async () => {
    const { requests } = stubApi({ 'POST /feedback': () => jsonResponse({ feedbackId: 'f-1' }, 201) });
    const { user } = renderAppAt('/about');
    await user.click(feedbackTab()!);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Broken button');
    const email = screen.getByRole('textbox', { name: 'Email (optional)' });
    await user.type(email, 'ada@example');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(INVALID_EMAIL);
    expect(email).toHaveFocus();
    expect(screen.queryByText('There was a problem submitting feedback, please wait and try again.')).not.toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/feedback')).toHaveLength(0);

    await user.type(email, '.org');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(INVALID_EMAIL)).not.toBeInTheDocument();
  });

  it("shows the gateway's field message under the field it is about, not the generic failure", async () => {
    stubApi({ 'POST /feedback': () => jsonResponse({ message: 'Email is invalid', errors: ['Email is invalid'] }, 400) });
    const { user } = renderAppAt('/about');
    await user.click(feedbackTab()!);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Broken button');
    const email = screen.getByRole('textbox', { name: 'Email (optional)' });
    await user.type(email, 'ada@example.c');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(email).toHaveAccessibleDescription('Email is invalid'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('There was a problem submitting feedback, please wait and try again.')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Feedback' })).toBeInTheDocument();
  });

  it('Escape and the close button bring the tab back', async () => {
    const { user } = renderAppAt('/about');
    await user.click(feedbackTab()!);
    await user.keyboard('{Escape}');
    expect(feedbackTab()).toHaveFocus();

    await user.click(feedbackTab()!);
    await user.click(screen.getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(feedbackTab()).toBeInTheDocument();
  });
});
