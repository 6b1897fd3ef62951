import type { ReactNode } from 'react';
import { Table, type TableProps } from '@mantine/core';
import { useBelowTablet } from '../lib/use-below-tablet';
import classes from './StackingTableContainer.module.css';

/**
 * Holds an admin table so that it stays readable on a phone. From the tablet width up the
 * table scrolls sideways when narrower than `minWidth`; below it every row stacks into a block
 * of "column: value" lines with its actions in view. Body cells name their column in
 * `data-label`.
 */
export function StackingTableContainer({
  minWidth,
  children,
}: {
  minWidth: number;
  children: ReactNode;
}) {
  const stacked = useBelowTablet();
  if (stacked) {
    return (
      <div className={classes.stacked} data-stacked>
        {children}
      </div>
    );
  }
  return <Table.ScrollContainer minWidth={minWidth}>{children}</Table.ScrollContainer>;
}

/** An admin table in a StackingTableContainer: its header cells, then its rows. */
export function StackingTable({
  minWidth,
  head,
  children,
  ...tableProps
}: TableProps & {
  minWidth: number;
  head: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <StackingTableContainer minWidth={minWidth}>
      <Table {...tableProps}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </StackingTableContainer>
  );
}
