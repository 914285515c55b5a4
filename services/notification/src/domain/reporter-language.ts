import type { LanguageLabel } from '@swarm/proto/labels';

/**
 * What an alert (text, notification, email) says about the reporter's language, so the beekeeper who calls knows
 * which language to greet them in: nothing for English, whose alerts stay as they were.
 */
const languageNotes: Readonly<Record<LanguageLabel, string | undefined>> = {
  en: undefined,
  es: 'Reporter speaks Spanish',
};

export function reporterLanguageNote(language: LanguageLabel | undefined): string | undefined {
  return language ? languageNotes[language] : undefined;
}
