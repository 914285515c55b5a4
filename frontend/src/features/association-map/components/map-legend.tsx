import styled from 'styled-components';
import { CELL_STROKE, COVERAGE_FILL, COVERAGE_STROKE, REPORT_BANDS, UNSERVED_COLOUR } from '../lib/map-figures';

/** What the shades and the violet hatch of the map's cells mean, and the members' area where the map shows one. */
export function MapLegend({ coverage }: { coverage: boolean }) {
  return (
    <Legend>
      {REPORT_BANDS.map((band) => (
        <span key={band.label}>
          <Swatch style={{ background: band.fill }} />
          {band.label}
        </span>
      ))}
      <span>
        <Swatch style={{ border: `2px dashed ${UNSERVED_COLOUR}`, background: `repeating-linear-gradient(45deg, ${UNSERVED_COLOUR} 0 2px, transparent 2px 6px)` }} />
        unserved demand (nobody covered the place)
      </span>
      {coverage && (
        <span>
          <Swatch style={{ background: `${COVERAGE_FILL}59`, border: `2px solid ${COVERAGE_STROKE}` }} />
          area your members cover today (their alert ranges)
        </span>
      )}
    </Legend>
  );
}

const Legend = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  font-size: ${({ theme }) => theme.fontSizes.small};

  span {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
`;

const Swatch = styled.i`
  display: inline-block;
  width: 1rem;
  height: 1rem;
  border: 1px solid ${CELL_STROKE};
`;
