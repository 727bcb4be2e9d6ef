import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { badRequest } from '../../platform/http/errors.ts'

export interface CsvFile {
  header: string[]
  rows: Array<{ line: number; cells: string[] }>
}

/** `;` when the header line has more of them than commas (spreadsheets in German locales save so), else `,`. */
function delimiterOf(text: string): ',' | ';' {
  const first = text.slice(0, Math.max(0, text.indexOf('\n')) || text.length)
  return (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ','
}

/**
 * Parses a CSV file (csv-parse: RFC 4180 quoting, a UTF-8 byte order mark skipped, empty lines ignored). A file
 * that is not CSV at all (a quote never closed) is a 400 naming the line; a row of the wrong width is kept, for
 * the plan to refuse by its line.
 */
export function parseCsv(text: string): CsvFile {
  let records: Array<{ record: string[]; info: { lines: number } }>
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records
  } catch (error) {
    throw badRequest('csv_unreadable', `The file is not readable CSV: ${(error as Error).message}`, [
      { field: 'body.csv', type: 'csv', message: (error as Error).message },
    ])
  }
  const [head, ...rest] = records
  if (!head)
    throw badRequest('csv_empty', 'The file is empty', [
      { field: 'body.csv', type: 'empty', message: 'No header line' },
    ])
  return {
    header: head.record.map((c) => c.trim()),
    rows: rest.map((r) => ({ line: r.info.lines, cells: r.record })),
  }
}

/** CSV lines (with a line break after each), quoted where a cell needs it. */
export const csvLines = (rows: ReadonlyArray<ReadonlyArray<string>>) =>
  stringify(rows as string[][], { record_delimiter: '\n' })
