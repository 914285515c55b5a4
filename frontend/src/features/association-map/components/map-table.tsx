import styled from 'styled-components';
import { ScrollBox } from '@/components/ui/scroll-box';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import type { MapCell } from '../api/get-association-map';
import { formatCellCount, formatCellMinutes, formatCellShare, formatOutcome } from '../lib/map-figures';

type Column = { header: string; value: (cell: MapCell) => string };

export const MAP_COLUMNS: Column[] = [
  { header: 'Reports', value: (cell) => formatCellCount(cell.reports) },
  { header: 'Claimed', value: (cell) => formatOutcome(cell, 'claimed') },
  { header: 'Expired', value: (cell) => formatOutcome(cell, 'expired') },
  { header: 'Departed', value: (cell) => formatOutcome(cell, 'departed') },
  { header: 'Marked bad', value: (cell) => formatOutcome(cell, 'markedBad') },
  { header: 'Open', value: (cell) => formatOutcome(cell, 'open') },
  { header: 'Unserved demand', value: (cell) => formatCellCount(cell.unserved) },
  { header: 'Median minutes to claim', value: (cell) => formatCellMinutes(cell.medianMinutesToFirstClaim) },
  { header: '90th percentile minutes to claim', value: (cell) => formatCellMinutes(cell.p90MinutesToFirstClaim) },
  { header: 'Share unclaimed', value: (cell) => formatCellShare(cell.shareUnclaimed) },
];

/**
 * Every figure of the map, one row per cell: the keyboard's and a screen reader's way through the map. A cell's
 * button outlines it on the map (pressed while it is outlined).
 */
export function MapTable({ cells, associationName, selected, onSelect }: { cells: readonly MapCell[]; associationName: string; selected: string | null; onSelect: (h3Cell: string) => void }) {
  return (
    <ScrollBox role="region" aria-label={`Map figures by cell of ${associationName}`} tabIndex={0}>
      <Table>
        <Caption>Reports, unserved demand and claim times by cell (a hexagon of about 5 km², named by the town it is near)</Caption>
        <thead>
          <tr>
            <th scope="col">Cell</th>
            {MAP_COLUMNS.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cells.map((cell) => (
            <tr key={cell.h3Cell} aria-current={cell.h3Cell === selected ? 'true' : undefined}>
              <th scope="row">
                <CellButton type="button" aria-pressed={cell.h3Cell === selected} onClick={() => onSelect(cell.h3Cell)} aria-label={`Show cell ${cell.h3Cell} on the map`}>
                  {cell.h3Cell}
                </CellButton>
                {cell.nearPlace && <NearPlace>near {cell.nearPlace}</NearPlace>}
              </th>
              {MAP_COLUMNS.map((column) => (
                <td key={column.header}>{column.value(cell)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollBox>
  );
}

/** The town under the cell's id: what tells an admin where the cell is. */
const NearPlace = styled.span`
  display: block;
  font-weight: normal;
  font-size: ${({ theme }) => theme.fontSizes.small};
`;

const Caption = styled.caption`
  ${visuallyHidden}
`;

const CellButton = styled.button`
  min-height: 2.75rem;
  padding: 0 ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.link};
  font: inherit;
  font-family: monospace;
  cursor: pointer;

  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.focusRing};
    border-width: 2px;
    font-weight: 700;
  }

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

const Table = styled.table`
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${({ theme }) => theme.fontSizes.small};
  font-variant-numeric: tabular-nums;

  th,
  td {
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    text-align: right;
    white-space: nowrap;
  }

  thead th {
    position: sticky;
    top: 0;
    z-index: 1;
    min-width: 5rem;
    max-width: 8rem;
    background: ${({ theme }) => theme.colors.secondaryHover};
    vertical-align: bottom;
    white-space: normal;
  }

  th:first-child {
    position: sticky;
    left: 0;
    z-index: 1;
    text-align: left;
  }

  thead th:first-child {
    z-index: 2;
  }
`;
