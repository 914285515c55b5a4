import { SectionCard, SectionHeading } from './form-parts';

interface PlaceholderSectionProps {
  /** The element id and the onboarding tour anchor (data-tour) of the section. */
  anchor: string;
  title: string;
  description: string;
}

/**
 * Stands in for a profile section another part of the member area provides (associations, active and claimed
 * swarms), keeping its place in the spec's order and its tour anchor.
 */
export function PlaceholderSection({ anchor, title, description }: PlaceholderSectionProps) {
  const headingId = `${anchor}-heading`;
  return (
    <SectionCard id={anchor} data-tour={anchor} aria-labelledby={headingId}>
      <SectionHeading id={headingId}>{title}</SectionHeading>
      <p>{description}</p>
    </SectionCard>
  );
}
