import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { lazyComponents } from '@/app/routes/app-routes';
import { languageStore } from '@/lib/i18n/language';

// Whole-page tests that type into a form take seconds on a busy shared machine; the defaults (1 s for findBy*,
// 5 s per test) turn that slowness into failures that say nothing about the app.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

// Without vitest globals Testing Library cannot register its own cleanup, so each test unmounts explicitly.
afterEach(() => {
  cleanup();
});

// The identification flow keeps its answers in sessionStorage, the language choice in localStorage; each test
// starts a fresh visit, in English.
afterEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  await languageStore.start('en');
});

// Pages and dialogs are fetched on demand; fetched up front here, they render at once, as they do for a visitor whose
// browser fetched them ahead (the loading state itself has its own test).
beforeAll(async () => {
  await Promise.all(lazyComponents.map((component) => component.preload()));
});
