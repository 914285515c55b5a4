import styled from 'styled-components';

/** A figure as the admin reads it: its name, then its value already written out (a count, minutes, dollars). */
export type NamedFigure = readonly [name: string, value: string];

/** Figures as cards, each a name over its value: two side by side on a 360 px phone, more on wider screens. */
export function FigureCards({ figures }: { figures: readonly NamedFigure[] }) {
  return (
    <Figures>
      {figures.map(([name, value]) => (
        <Figure key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </Figure>
      ))}
    </Figures>
  );
}

/*
 * Two cards side by side in the section's 262 px on a 360 px phone (9rem allowed one, and this week alone filled the
 * screen); at 127 px a card's name wraps on two or three lines, each word whole.
 */
const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(7rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
`;

/* A div groups each name with its value, which a <dl> allows and a grid needs. */
const Figure = styled.div`
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};

  dt {
    overflow-wrap: break-word;
    color: ${({ theme }) => theme.colors.mutedText};
    font-size: ${({ theme }) => theme.fontSizes.small};
  }

  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.large};
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;
