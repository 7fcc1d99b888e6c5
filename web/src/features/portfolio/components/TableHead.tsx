/** A column of a table's header: its label, right-aligned when it holds figures. */
export type Column = string | { label: string; num: true };

/** A right-aligned column, for figures. */
export const num = (label: string): Column => ({ label, num: true });

/** A table's header row: one column header per label, in order. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          typeof c === 'string' ? (
            <th key={c} scope="col">
              {c}
            </th>
          ) : (
            <th key={c.label} scope="col" className="num">
              {c.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
