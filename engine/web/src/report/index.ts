export { type ReportColumn, ReportTable, type ReportTableProps } from './ReportTable';
