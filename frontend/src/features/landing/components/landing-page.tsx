import styled from 'styled-components';
import { Card } from '@/components/ui/card';
import { BrandMark } from '@/components/ui/brand-mark';
import { ButtonLink } from '@/components/ui/button';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
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
  return (
    <Stack>
      <title>Swarm Alert | Report a honeybee swarm</title>
      <Brand>
        <BrandMark />
        Swarm Alert
      </Brand>

      <Intro aria-labelledby="landing-title">
        <h1 id="landing-title">Found a swarm of honeybees?</h1>
        <p>
          Don't worry. Swarming honeybees are usually calm and rarely sting. Keep a safe distance, and we'll alert
          local beekeepers who can come and collect them.
        </p>
      </Intro>

      <HoneybeeOnlyNotice />

      <Actions>
        <ButtonLink to={paths.identify.checkCluster.getHref()} $fullWidth>
          Report a swarm
        </ButtonLink>
        <TextLink to={paths.about.getHref()}>How does it work?</TextLink>
      </Actions>

      <PitchCard aria-labelledby="association-title">
        <h2 id="association-title">Are you an association?</h2>
        <p>Let your beekeepers hear about swarms near them, so more swarms find a good home.</p>
        <ButtonLink to={paths.learnMore.getHref()} $variant="secondary">
          Learn More
        </ButtonLink>
      </PitchCard>

      <MemberLine>
        Already a member? <TextLink to={paths.login.getHref()}>Member login</TextLink>
      </MemberLine>
    </Stack>
  );
}
