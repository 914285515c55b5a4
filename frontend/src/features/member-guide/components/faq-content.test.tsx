import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { languageStore } from '@/lib/i18n/language';
import { devConfig, jsonResponse, stubApi } from '@/testing/fake-api';
import { renderAppAt } from '@/testing/render-app';
import { faqContentSpanish } from './faq-content-es';
import { faqContentEnglish } from './faq-entries';

describe('the FAQ in every language', () => {
  it('has the same entries, by the same ids and in the same order, in Spanish as in English', () => {
    expect(faqContentSpanish.entries.map((entry) => entry.id)).toEqual(faqContentEnglish.entries.map((entry) => entry.id));
    for (const entry of faqContentSpanish.entries) expect(entry.question).not.toBe(faqContentEnglish.entries.find((english) => english.id === entry.id)?.question);
  });

  it('opens the entry a link asks for, in Spanish', async () => {
    stubApi({ 'GET /config': () => jsonResponse({ ...devConfig, alertSenderNumber: '+1 503 555 0000' }) });
    await act(() => languageStore.choose('es'));
    renderAppAt('/faq?section=alert-number');
    expect(await screen.findByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '¿Desde qué número llegan los avisos?' })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText(/Los avisos de enjambres se envían por mensaje de texto desde el/)).toBeInTheDocument();
  });
});
