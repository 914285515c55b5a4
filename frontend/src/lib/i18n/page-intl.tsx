import type { ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useLanguage } from './language';
import type { MessageKey } from './messages/en';

/**
 * react-intl for the pages fetched on demand: it formats the messages with arguments (plurals, numbers, names) in the
 * visitor's language. It comes with those pages, not with the landing page, which says only plain texts.
 */
export function PageIntl({ children }: { children: ReactNode }) {
  const { language, site, messages } = useLanguage();
  return (
    <IntlProvider locale={language} defaultLocale="en" messages={messages ?? site}>
      {children}
    </IntlProvider>
  );
}

export type FormatValues = Record<string, string | number>;

/** Formats a catalog message (ICU MessageFormat) in the visitor's language. */
export function useFormat(): (key: MessageKey, values?: FormatValues) => string {
  const intl = useIntl();
  return (key, values) => intl.formatMessage({ id: key }, values);
}
