import styled from 'styled-components';
import { tapTarget } from '@/components/ui/text-link';
import { languageNames, languageStore, siteLanguages, useLanguage, useSiteMessages } from '@/lib/i18n/language';

/**
 * "English / Español" on every page a reporter can reach. Each name is written in its own language (and marked so, for
 * screen readers); the current one is pressed. The choice is remembered on the device.
 */
export function LanguageSwitch() {
  const { language } = useLanguage();
  const messages = useSiteMessages();
  return (
    <Switch aria-label={messages['language.switchLabel']}>
      {siteLanguages.map((choice) => (
        <Choice
          key={choice}
          type="button"
          lang={choice}
          aria-pressed={choice === language}
          onClick={() => {
            if (choice !== language) void languageStore.choose(choice).catch(() => undefined);
          }}
        >
          {languageNames[choice]}
        </Choice>
      ))}
    </Switch>
  );
}

const Switch = styled.nav`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.xs};
`;

const Choice = styled.button`
  ${tapTarget}
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.small};
  background: none;
  color: ${({ theme }) => theme.colors.link};
  font: inherit;
  text-decoration: underline;
  cursor: pointer;

  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font-weight: 700;
    text-decoration: none;
    cursor: default;
  }
`;
