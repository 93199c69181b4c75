// a report's own PDF or sheet (a partner statement), fetched with the session like the print
export { fetchFile, saveBlob } from '../platform/download';
export { type ReportColumn, ReportTable, type ReportTableProps } from './ReportTable';
