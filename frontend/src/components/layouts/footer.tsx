import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink } from '@/components/ui/button';
import { ExternalTextLink, TextLink } from '@/components/ui/text-link';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { ContentColumn } from './content-column';
import { useSiteMessages } from '@/lib/i18n/language';
import { enSite, type SiteCatalog } from '@/lib/i18n/messages/en-site';
import { isTranslated, showsHomeButton, showsPoweredBy } from './layout-rules';

const FooterBar = styled.footer`
  padding: ${({ theme }) => `${theme.space.lg} 0 ${theme.space.xl}`};
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.fontSizes.small};
`;

const FooterInner = styled(ContentColumn)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  text-align: center;
`;

const PoweredByLine = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;
`;

function PoweredBy({ t }: { t: SiteCatalog }) {
  const { name, url } = env.poweredBy;
  return (
    <PoweredByLine>
      <span>
        {t['layout.poweredBy']}{' '}
        {url ? (
          <ExternalTextLink href={url} target="_blank" rel="noopener noreferrer">
            {name}
          </ExternalTextLink>
        ) : (
          name
        )}
      </span>
      <TextLink to={paths.privacy.getHref()}>{t['layout.privacyPolicy']}</TextLink>
    </PoweredByLine>
  );
}

export function Footer() {
  const { pathname } = useLocation();
  const homeButton = showsHomeButton(pathname);
  const poweredBy = showsPoweredBy(pathname);
  const chosen = useSiteMessages();
  // English-only pages keep English words here too.
  const t = isTranslated(pathname) ? chosen : enSite;
  if (!homeButton && !poweredBy) return null;

  return (
    <FooterBar>
      <FooterInner>
        {homeButton && (
          <ButtonLink to={paths.landing.getHref()} $variant="secondary">
            {t['layout.home']}
          </ButtonLink>
        )}
        {poweredBy && <PoweredBy t={t} />}
      </FooterInner>
    </FooterBar>
  );
}
