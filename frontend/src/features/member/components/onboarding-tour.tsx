import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { useHoldToasts } from '@/components/ui/toast';
import type { TourStep } from '../lib/dashboard-tour-steps';
import { useFocusTrap } from '@/lib/use-focus-trap';

interface OnboardingTourProps {
  steps: readonly TourStep[];
  onFinish: () => void;
}

interface Spotlight {
  top: number;
  left: number;
  width: number;
  height: number;
}

const SPOTLIGHT_PADDING = 6;

function measure(element: Element): Spotlight {
  const rect = element.getBoundingClientRect();
  return {
    top: rect.top - SPOTLIGHT_PADDING,
    left: rect.left - SPOTLIGHT_PADDING,
    width: rect.width + 2 * SPOTLIGHT_PADDING,
    height: rect.height + 2 * SPOTLIGHT_PADDING,
  };
}

/**
 * A modal, step-by-step tour (spec §2): the mask does not close it, there is no close button and the step dots
 * only show progress. A step whose element is missing is logged and shown in the middle of the screen.
 */
export function OnboardingTour({ steps, onFinish }: OnboardingTourProps) {
  const [index, setIndex] = useState(0);
  const [spotlight, setSpotlight] = useState<Spotlight | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const step = steps[index];
  const isLast = index === steps.length - 1;

  useFocusTrap(cardRef, true, headingRef);
  // No message may cover the highlighted target or the step card: they wait until the tour ends.
  useHoldToasts(true);

  const track = useCallback(() => {
    const target = step ? document.querySelector(step.target) : null;
    setSpotlight(target ? measure(target) : null);
  }, [step]);

  useLayoutEffect(() => {
    if (!step) return;
    const target = document.querySelector(step.target);
    if (!target) {
      console.warn(`Onboarding tour: step "${step.title}" has no element matching ${step.target}`);
    } else {
      // jsdom and a few old browsers lack scrollIntoView options; a missing method must not break the tour.
      target.scrollIntoView?.({ block: 'start', behavior: 'auto' });
    }
    track();
    // Each new step is announced from its heading.
    headingRef.current?.focus();
  }, [step, track]);

  useEffect(() => {
    window.addEventListener('resize', track);
    window.addEventListener('scroll', track, true);
    return () => {
      window.removeEventListener('resize', track);
      window.removeEventListener('scroll', track, true);
    };
  }, [track]);

  if (!step) return null;
  const viewportHeight = typeof window === 'undefined' ? 0 : window.innerHeight;
  // Targets are scrolled to the top of the screen, so the card goes below unless the target could not get there.
  const placement = spotlight === null ? 'center' : spotlight.top < viewportHeight / 2 ? 'bottom' : 'top';

  return createPortal(
    <>
      {/* The mask swallows clicks on purpose: the tour ends only with Finish. */}
      <Mask data-testid="tour-mask" onClick={(event) => event.stopPropagation()} $dim={spotlight === null} />
      {spotlight && <SpotlightBox style={spotlight} aria-hidden="true" />}
      <Card
        ref={cardRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        $placement={placement}
      >
        <Badge>{`${index + 1} of ${steps.length}`}</Badge>
        <Title id={titleId} ref={headingRef} tabIndex={-1}>
          {step.title}
        </Title>
        <p id={descriptionId}>{step.description}</p>
        <Footer>
          <Dots aria-hidden="true">
            {steps.map((entry, dotIndex) => (
              <Dot key={entry.target} $current={dotIndex === index} />
            ))}
          </Dots>
          <Actions>
            {index > 0 && (
              <Button type="button" $variant="secondary" onClick={() => setIndex(index - 1)}>
                Previous
              </Button>
            )}
            <Button type="button" onClick={isLast ? onFinish : () => setIndex(index + 1)}>
              {isLast ? 'Finish' : 'Next'}
            </Button>
          </Actions>
        </Footer>
      </Card>
    </>,
    document.body,
  );
}

const Mask = styled.div<{ $dim: boolean }>`
  position: fixed;
  inset: 0;
  z-index: 900;
  background: ${({ $dim, theme }) => ($dim ? theme.colors.overlay : 'transparent')};
`;

const SpotlightBox = styled.div`
  position: fixed;
  z-index: 901;
  border-radius: ${({ theme }) => theme.radii.medium};
  box-shadow: 0 0 0 200vmax ${({ theme }) => theme.colors.overlay};
  pointer-events: none;
`;

const Card = styled.div<{ $placement: 'top' | 'bottom' | 'center' }>`
  position: fixed;
  z-index: 902;
  left: 50%;
  width: min(calc(100% - 32px), 380px);
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.medium};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.25);
  ${({ $placement }) =>
    $placement === 'top'
      ? 'top: 16px; transform: translateX(-50%);'
      : $placement === 'bottom'
        ? 'bottom: 16px; transform: translateX(-50%);'
        : 'top: 50%; transform: translate(-50%, -50%);'}

  p {
    margin: 0;
  }
`;

const Badge = styled.span`
  align-self: flex-start;
  padding: 0 ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.warningBackground};
  color: ${({ theme }) => theme.colors.warningText};
  font-size: ${({ theme }) => theme.fontSizes.small};
  font-weight: 600;
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.subheading};

  /* Focus lands here only so screen readers read the new step; it is not a control. */
  &:focus {
    outline: none;
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Dots = styled.div`
  display: flex;
  gap: 6px;
`;

const Dot = styled.span<{ $current: boolean }>`
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${({ $current, theme }) => ($current ? theme.colors.primary : theme.colors.border)};
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  margin-left: auto;
`;
