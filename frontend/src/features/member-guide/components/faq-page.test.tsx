import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devConfig, jsonResponse, stubApi } from '@/testing/fake-api';
import { renderAppAt } from '@/testing/render-app';
import { sectionFromLocation } from './faq-page';

const question = (name: string) => screen.getByRole('button', { name });

describe('FAQ', () => {
  it('starts with every answer closed and opens one when its question is pressed', async () => {
    stubApi({ 'GET /config': () => jsonResponse(devConfig) });
    const { user } = renderAppAt('/faq');
    expect(question('How do I claim a swarm?')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'How do I claim a swarm?' })).not.toBeInTheDocument();

    await user.click(question('How do I claim a swarm?'));

    expect(question('How do I claim a swarm?')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'How do I claim a swarm?' })).toHaveTextContent('5-digit claim code');
  });

  it.each(['/faq?section=claiming', '/faq#section=claiming', '/faq#?section=claiming'])('%s opens and focuses that entry', (path) => {
    stubApi({ 'GET /config': () => jsonResponse(devConfig) });
    renderAppAt(path);

    expect(question('How do I claim a swarm?')).toHaveAttribute('aria-expanded', 'true');
    expect(question('How do I claim a swarm?')).toHaveFocus();
    expect(question('How do I stop the text messages?')).toHaveAttribute('aria-expanded', 'false');
  });

  it('a hash-routed link (/#/faq?section=…) lands on the same entry', async () => {
    stubApi({ 'GET /config': () => jsonResponse(devConfig) });
    const { router } = renderAppAt('/#/faq?section=stop-texts');

    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/faq');
    expect(question('How do I stop the text messages?')).toHaveAttribute('aria-expanded', 'true');
  });

  it('gives the number alerts are sent from, as configured on the gateway', async () => {
    stubApi({ 'GET /config': () => jsonResponse({ ...devConfig, alertSenderNumber: '+1 503 555 0100' }) });
    renderAppAt('/faq?section=alert-number');

    const link = await screen.findByRole('link', { name: '+1 503 555 0100' });
    expect(link).toHaveAttribute('href', 'tel:+15035550100');
    expect(screen.getByRole('region', { name: 'What number do alerts come from?' })).toHaveTextContent('Swarm alerts are texted from +1 503 555 0100.');
  });

  it('says plainly that the number is shown in the first alert when none is configured', async () => {
    stubApi({ 'GET /config': () => jsonResponse({ ...devConfig, alertSenderNumber: null }) });
    renderAppAt('/faq?section=alert-number');

    const answer = screen.getByRole('region', { name: 'What number do alerts come from?' });
    await waitFor(() => expect(answer).toHaveTextContent('The number alerts are texted from is not listed on this site: it is shown in your first alert.'));
    expect(within(answer).queryByRole('link')).not.toBeInTheDocument();
  });

  it('reads the section from the query or from the hash', () => {
    expect(sectionFromLocation('?section=cost', '')).toBe('cost');
    expect(sectionFromLocation('', '#section=cost')).toBe('cost');
    expect(sectionFromLocation('', '#/faq?section=cost')).toBe('cost');
    expect(sectionFromLocation('', '')).toBeUndefined();
  });
});
