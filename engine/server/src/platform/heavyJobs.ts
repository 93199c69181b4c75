import { renderPrint } from './pdfRender';
import { readSheet } from './sheetRead';

/**
 * The work that runs off the event loop, by name (heavyPool.ts sends it, heavyWorker.ts runs it):
 * drawing a PDF and reading an uploaded workbook, each seconds of CPU for a big document or sheet.
 * Inputs and outputs are plain data, copied or transferred between threads.
 */
export const heavyJobs = { pdf: renderPrint, sheet: readSheet };

export type HeavyJobs = typeof heavyJobs;
