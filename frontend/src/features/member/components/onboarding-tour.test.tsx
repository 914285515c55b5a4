import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAppAt } from '@/testing/render-app';
import { completeInformation, stubMemberApi } from '@/testing/fake-member-api';


const stepTitles = [
  'Welcome to your profile',
  'Add associations',
  'Activation code',
  'Add association button',
  'Availability',
  'Active swarms',
  'Claimed swarms',
];

async function openTour(information = completeInformation({ onboarding: [{ onboardingId: 1, status: 'a' }] })) {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const api = stubMemberApi({ information });
  const rendered = renderAppAt('/member');
  const tour = await screen.findByRole('dialog', { name: stepTitles[0] });
  return { api, warn, tour, ...rendered };
}

describe('onboarding tour', { timeout: 20_000 }, () => {
  it('walks the seven steps in order with an n of 7 badge, and Finish marks onboarding 1 completed', async () => {
    const { api, user } = await openTour();

    for (const [index, title] of stepTitles.entries()) {
      const step = screen.getByRole('dialog', { name: title });
      expect(step).toHaveTextContent(`${index + 1} of 7`);
      expect(within(step).getByRole('heading', { name: title })).toHaveFocus();
      // The spec's seven steps have no step of their own for How to alert me: the Availability step names it.
      if (title === 'Availability') expect(step).toHaveTextContent('How to alert me chooses a text message, a notification on this device or an email');
      const isLast = index === stepTitles.length - 1;
      expect(within(step).queryByRole('button', { name: 'Next' }) === null).toBe(isLast);
      if (!isLast) await user.click(within(step).getByRole('button', { name: 'Next' }));
    }
    expect(api.callsTo('PUT', '/member/onboarding')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Finish' }));

    expect(await screen.findByText('Your onboarding information has been updated.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/member/onboarding').map((call) => call.body)).toEqual([{ onboardingId: 1, status: 'c' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('goes back with Previous', async () => {
    const { user, tour } = await openTour();
    expect(within(tour).queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();

    await user.click(within(tour).getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));

    expect(screen.getByRole('dialog', { name: 'Welcome to your profile' })).toHaveTextContent('1 of 7');
  });

  it('cannot be closed: no close button, the mask and Escape do nothing, and the dots are not buttons', async () => {
    const { user, tour } = await openTour();

    expect(within(tour).getAllByRole('button').map((button) => button.textContent)).toEqual(['Next']);
    await user.click(screen.getByTestId('tour-mask'));
    await user.keyboard('{Escape}');

    expect(screen.getByRole('dialog', { name: 'Welcome to your profile' })).toBeInTheDocument();
  });

  it('only logs a step whose element is missing and still shows it', async () => {
    const { user, warn } = await openTour();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(warn).not.toHaveBeenCalled();
    document.querySelector('[data-tour="activation-code"]')?.removeAttribute('data-tour');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByRole('dialog', { name: 'Activation code' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('[data-tour="activation-code"]'));
  });

  it('keeps keyboard focus inside the tour', async () => {
    const { user, tour } = await openTour();
    await user.click(within(tour).getByRole('button', { name: 'Next' }));
    const step = screen.getByRole('dialog', { name: 'Add associations' });

    for (let press = 0; press < 4; press += 1) {
      await user.tab();
      expect(step).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('is not shown once onboarding 1 is completed', async () => {
    stubMemberApi({ information: completeInformation({ onboarding: [{ onboardingId: 1, status: 'c' }] }) });
    renderAppAt('/member');

    await screen.findByRole('switch', { name: 'Do Not Disturb' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('waits for the required information first', async () => {
    stubMemberApi({ information: completeInformation({ phoneNumber: '', onboarding: [{ onboardingId: 1, status: 'a' }] }) });
    renderAppAt('/member');

    expect(await screen.findByRole('dialog', { name: 'Required Information' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Welcome to your profile' })).not.toBeInTheDocument();
  });
});
