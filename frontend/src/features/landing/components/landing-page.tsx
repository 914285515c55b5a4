import styled from 'styled-components';
import { Card } from '@/components/ui/card';
import { BrandMark } from '@/components/ui/brand-mark';
import { ButtonLink } from '@/components/ui/button';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useSiteMessages } from '@/lib/i18n/language';
import { HoneybeeOnlyNotice } from './honeybee-only-notice';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  padding-top: ${({ theme }) => theme.space.md};
`;

const Brand = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.large};
`;

const Intro = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};

  h1 {
    margin: 0;
    font-size: 2rem;
  }

  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.large};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${({ theme }) => theme.space.md};
  text-align: center;
`;

const PitchCard = styled(Card)`

  p {
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
`;

const MemberLine = styled.p`
  margin: 0;
  text-align: center;
`;

export function LandingPage() {
  const t = useSiteMessages();
  return (
    <Stack>
      <title>{t['landing.documentTitle']}</title>
      <Brand>
        <BrandMark />
        Swarm Alert
      </Brand>

      <Intro aria-labelledby="landing-title">
        <h1 id="landing-title">{t['landing.title']}</h1>
        <p>{t['landing.intro']}</p>
      </Intro>

      <HoneybeeOnlyNotice />

      <Actions>
        <ButtonLink to={paths.identify.checkCluster.getHref()} $fullWidth>
          {t['landing.reportSwarm']}
        </ButtonLink>
        <TextLink to={paths.about.getHref()}>{t['landing.howItWorks']}</TextLink>
      </Actions>

      <PitchCard aria-labelledby="association-title">
        <h2 id="association-title">{t['landing.association.title']}</h2>
        <p>{t['landing.association.text']}</p>
        <ButtonLink to={paths.learnMore.getHref()} $variant="secondary">
          {t['landing.association.learnMore']}
        </ButtonLink>
      </PitchCard>

      <MemberLine>
        {t['landing.alreadyMember']} <TextLink to={paths.login.getHref()}>{t['landing.memberLogin']}</TextLink>
      </MemberLine>
    </Stack>
  );
}
