import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@/styles/theme';
import { PROBLEM_TOAST_MS, SUCCESS_TOAST_MS, ToastProvider, useHoldToasts, useToast, type ToastApi } from './toast';

function renderWithToasts() {
  let api: ToastApi | undefined;
  function Capture() {
    api = useToast();
    return null;
  }
  render(
    <ThemeProvider theme={theme}>
      <ToastProvider>
        <Capture />
      </ToastProvider>
    </ThemeProvider>,
  );
  if (!api) throw new Error('toast api not captured');
  return api;
}

const region = () => screen.getByRole('region', { name: 'Notifications' });

describe('toasts', () => {
  it('announces a success politely and removes it after 5 seconds', () => {
    vi.useFakeTimers();
    try {
      const toast = renderWithToasts();
      act(() => toast.success('Success', 'Swarm has been reported'));

      expect(within(region()).getByRole('status')).toHaveTextContent('SuccessSwarm has been reported');
      act(() => vi.advanceTimersByTime(SUCCESS_TOAST_MS - 1));
      expect(within(region()).queryByRole('status')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(within(region()).queryByRole('status')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('removes each success 5 seconds after its own appearance, whatever arrives later', () => {
    vi.useFakeTimers();
    try {
      const toast = renderWithToasts();
      act(() => toast.success('Success', 'first'));
      act(() => vi.advanceTimersByTime(4_000));
      act(() => toast.success('Success', 'second'));
      act(() => vi.advanceTimersByTime(SUCCESS_TOAST_MS - 4_000));
      expect(within(region()).getAllByRole('status').map((status) => status.textContent)).toEqual(['Successsecond']);
      act(() => vi.advanceTimersByTime(4_000));
      expect(within(region()).queryByRole('status')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('announces errors and warnings as alerts, each with a close button', async () => {
    const toast = renderWithToasts();
    act(() => {
      toast.error('Error', 'Failed to submit report. Please try again.');
      toast.warning('Careful', 'Check the address');
    });

    expect(within(region()).getAllByRole('alert')).toHaveLength(2);
    await userEvent.click(within(region()).getAllByRole('button', { name: 'Dismiss notification' })[0]!);

    expect(within(region()).getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['CarefulCheck the address']);
  });

  it('lets errors and warnings leave by themselves after 10 seconds', () => {
    vi.useFakeTimers();
    try {
      const toast = renderWithToasts();
      act(() => {
        toast.warning('Please enter an email');
        toast.error('Invalid activation code.');
      });
      act(() => vi.advanceTimersByTime(PROBLEM_TOAST_MS - 1));
      expect(within(region()).getAllByRole('alert')).toHaveLength(2);
      act(() => vi.advanceTimersByTime(1));
      expect(within(region()).queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits while the pointer is on a toast, then takes the time it had left', () => {
    vi.useFakeTimers();
    try {
      const toast = renderWithToasts();
      act(() => toast.error('Failed to claim report.', 'This swarm has already been claimed by another member.'));
      act(() => vi.advanceTimersByTime(6_000));
      const card = within(region()).getByRole('alert').parentElement!;
      act(() => card.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
      act(() => vi.advanceTimersByTime(60_000));
      expect(within(region()).getByRole('alert')).toBeInTheDocument();
      act(() => card.dispatchEvent(new MouseEvent('mouseout', { bubbles: true })));
      act(() => vi.advanceTimersByTime(PROBLEM_TOAST_MS - 6_000));
      expect(within(region()).queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('never shows the same message twice at once, whatever its kind or description', () => {
    const toast = renderWithToasts();
    act(() => {
      toast.warning('Please enter an email');
      toast.warning('Please enter an email');
      toast.error('Error', <a href="https://example.org">a link</a>, { key: 'no-beekeepers' });
      toast.error('Error', <a href="https://example.org">a link</a>, { key: 'no-beekeepers' });
    });

    const titles = within(region()).getAllByRole('alert').map((alert) => alert.querySelector('p')?.textContent);
    expect(titles).toEqual(['Please enter an email', 'Error']);
  });

  it('holds every toast while the onboarding tour (or anything else) holds them, and shows them after', () => {
    let api: ToastApi | undefined;
    function Tour({ open }: { open: boolean }) {
      api = useToast();
      useHoldToasts(open);
      return null;
    }
    const { rerender } = render(
      <ThemeProvider theme={theme}>
        <ToastProvider>
          <Tour open />
        </ToastProvider>
      </ThemeProvider>,
    );
    act(() => api!.success('Your information hase been updated.'));
    expect(within(region()).queryByRole('status')).not.toBeInTheDocument();

    rerender(
      <ThemeProvider theme={theme}>
        <ToastProvider>
          <Tour open={false} />
        </ToastProvider>
      </ThemeProvider>,
    );

    expect(within(region()).getByRole('status')).toHaveTextContent('Your information hase been updated.');
  });

  it('shows at most the three latest toasts', () => {
    const toast = renderWithToasts();
    act(() => ['one', 'two', 'three', 'four'].forEach((title) => toast.error(title)));

    expect(within(region()).getAllByRole('alert').map((alert) => alert.querySelector('p')?.textContent)).toEqual(['two', 'three', 'four']);
  });

  it('shows a repeated message once, as the latest', () => {
    const toast = renderWithToasts();
    act(() => {
      toast.success('Your availability has been updated.');
      toast.error('Failed to update availability.');
      toast.success('Your availability has been updated.');
    });

    const texts = [...region().querySelectorAll('[role="status"], [role="alert"]')].map((element) => element.querySelector('p')?.textContent);
    expect(texts).toEqual(['Failed to update availability.', 'Your availability has been updated.']);
  });
});
