import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';

/** Spec §9: the report tables are not paginated; they scroll inside at most 420 px. */
export const REPORT_TABLE_MAX_HEIGHT = '420px';

interface ReportTableProps {
  /** Names the table and its scrolling area for screen readers. */
  caption: string;
  headers: readonly string[];
  children: ReactNode;
}

/**
 * A real <table> inside a box that scrolls both ways: at most 420 px tall, and sideways on a phone, where the
 * columns cannot fit. The box can take keyboard focus so it can be scrolled without a mouse.
 */
export function ReportTable({ caption, headers, children }: ReportTableProps) {
  return (
    <ScrollArea role="region" aria-label={caption} tabIndex={0} data-testid="report-table-scroll">
      <Table>
        <Caption>{caption}</Caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </ScrollArea>
  );
}

const ScrollArea = styled.div`
  /* The table scrolls, never the page: on a 320 px phone the columns move sideways inside this box. */
  min-width: 0;
  max-width: 100%;
  max-height: ${REPORT_TABLE_MAX_HEIGHT};
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  -webkit-overflow-scrolling: touch;

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

const Table = styled.table`
  width: 100%;
  min-width: 640px;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.small};

  th,
  td {
    padding: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: middle;
  }

  thead th {
    position: sticky;
    top: 0;
    z-index: 1;
    background: ${({ theme }) => theme.colors.secondaryHover};
    white-space: nowrap;
  }

  tbody th {
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;

/** The section heading already names the table for sighted members; the caption is for screen readers. */
const Caption = styled.caption`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

export const NoWrap = styled.td`
  white-space: nowrap;
`;

export const NoteCell = styled.td`
  min-width: 10rem;
  overflow-wrap: anywhere;
`;

/** Table buttons keep a 44 px touch target but a smaller face than the page buttons. */
export const TableButton = styled(Button)`
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  font-size: ${({ theme }) => theme.fontSizes.small};
  white-space: nowrap;
`;

export const ActionGroup = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

export const EmptyText = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
`;
