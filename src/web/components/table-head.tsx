import { cn } from "~/web/lib/cn";

export interface TableColumn {
  label: string;
  /** Numbers and actions sit at the end (the right, or the left right to left); the rest at the start. */
  end?: boolean;
  /** Named for screen readers only (a column of icon buttons). */
  hidden?: boolean;
}

/** The header row of an administrator's table: small capitals on parchment, one cell a column. */
export function TableHead({ columns }: { columns: readonly TableColumn[] }) {
  return (
    <thead className="border-b border-linen bg-parchment/60 text-xs font-bold tracking-wide text-muted uppercase">
      <tr>
        {columns.map((column) => (
          <th
            key={column.label}
            scope="col"
            className={cn("px-5 py-3", column.end ? "text-end" : "text-start")}
          >
            {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
