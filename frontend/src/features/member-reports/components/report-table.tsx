import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { SCROLL_BOX_MAX_HEIGHT, ScrollBox } from '@/components/ui/scroll-box';
import { NARROW_SCREEN_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { visuallyHidden } from '@/components/ui/visually-hidden';

/** Spec §9: the report lists are not paginated; they scroll inside at most 420 px. */
export const REPORT_TABLE_MAX_HEIGHT = SCROLL_BOX_MAX_HEIGHT;

export interface ReportColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /**
   * 'key': the cell that names the row (the claim code); 'action': buttons, shown without a label on a card;
   * 'note': free text that wraps; 'image': shown on a card only when there is one; 'control': a form control whose
   * value must be read whole, given the card's full width under its name.
   */
  kind?: 'key' | 'action' | 'note' | 'image' | 'control';
}

interface ReportListingProps<T> {
  /** Names the list for screen readers ('Active swarms'). */
  caption: string;
  columns: readonly ReportColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Whether the row has an image, for the card's Image line. */
  hasImage?: (row: T) => boolean;
}

/**
 * A member's report list. On a screen of 600 px or more it is a real <table>; on a phone each report is a card
 * with the same fields in the same order, so every field and the action button are in view without scrolling
 * sideways. Both scroll inside at most 420 px and can be scrolled with the keyboard.
 */
export function ReportListing<T>(props: ReportListingProps<T>) {
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  return narrow ? <ReportCards {...props} /> : <ReportTable {...props} />;
}

function ReportTable<T>({ caption, columns, rows, rowKey }: ReportListingProps<T>) {
  return (
    // A group, not a region: the section around it is already the landmark with this name.
    <ScrollBox role="group" aria-label={`${caption} table`} tabIndex={0} data-testid="report-table-scroll">
      <Table>
        <Caption>{caption}</Caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.kind === 'key' ? (
                  <th key={column.header} scope="row">
                    {column.cell(row)}
                  </th>
                ) : column.kind === 'note' ? (
                  <NoteCell key={column.header}>{column.cell(row)}</NoteCell>
                ) : column.kind === 'action' || column.kind === 'image' || column.kind === 'control' ? (
                  <td key={column.header}>{column.cell(row)}</td>
                ) : (
                  <NoWrap key={column.header}>{column.cell(row)}</NoWrap>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollBox>
  );
}

function ReportCards<T>({ caption, columns, rows, rowKey, hasImage }: ReportListingProps<T>) {
  const keyColumn = columns.find((column) => column.kind === 'key');
  return (
    <ScrollBox role="group" aria-label={`${caption} list`} tabIndex={0} data-testid="report-cards-scroll">
      <Cards aria-label={caption}>
        {rows.map((row) => (
          <CardItem key={rowKey(row)} aria-label={keyColumn ? `${keyColumn.header} ${String(keyColumn.cell(row))}` : undefined} data-testid="report-card">
            {columns.map((column) => {
              if (column.kind === 'action') {
                const actions = column.cell(row);
                return actions ? <CardActions key={column.header}>{actions}</CardActions> : null;
              }
              if (column.kind === 'image' && hasImage && !hasImage(row)) return null;
              const FieldLine = column.kind === 'control' ? ControlLine : Line;
              return (
                <FieldLine key={column.header}>
                  <dt>{column.header}</dt>
                  <dd>{column.cell(row)}</dd>
                </FieldLine>
              );
            })}
          </CardItem>
        ))}
      </Cards>
    </ScrollBox>
  );
}

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
  ${visuallyHidden}
`;

const NoWrap = styled.td`
  white-space: nowrap;
`;

const NoteCell = styled.td`
  min-width: 10rem;
  overflow-wrap: anywhere;
`;

const Cards = styled.ul`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const CardItem = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  overflow-wrap: anywhere;

  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/** One field of a card: its name on the left, its value on the right, as a description list. */
const Line = styled.dl`
  display: grid;
  grid-template-columns: 6.5rem minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.sm};
  align-items: baseline;
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.mutedText};
    font-size: ${({ theme }) => theme.fontSizes.small};
    font-weight: 600;
  }

  dd {
    margin: 0;
    min-width: 0;
  }
`;

/**
 * A control's line: its name above it and the control as wide as the card, since a native select cannot wrap its
 * value ('Could not reach' in the value column of a 360 px phone was cut to 'Could not r…').
 */
const ControlLine = styled(Line)`
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xs};
`;

const CardActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};

  > * {
    flex: 1 1 8rem;
  }
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
