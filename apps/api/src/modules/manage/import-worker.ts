// Worker thread entry: reads one uploaded spreadsheet (.xlsx or .csv) off the API's event loop
// (built to dist/import-worker.js). The .xlsx reader (read-excel-file) is loaded only for an .xlsx.
import { parentPort, workerData } from 'node:worker_threads';
import { CsvRefused, readCsv, type CsvLimits } from './csv-read';
import type { XlsxLimits } from './xlsx-read';

type Job = { kind: 'xlsx'; bytes: Uint8Array; limits: XlsxLimits } | { kind: 'csv'; bytes: Uint8Array; limits: CsvLimits };

const job = workerData as Job;
const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);

async function answer() {
  if (job.kind === 'csv') {
    try {
      return { ok: true, rows: readCsv(bytes, job.limits) };
    } catch (error) {
      return { ok: false, code: error instanceof CsvRefused ? error.code : 'import_file_invalid' };
    }
  }
  const { readCells, XlsxRefused } = await import('./xlsx-read');
  try {
    return { ok: true, rows: await readCells(bytes, job.limits) };
  } catch (error) {
    return { ok: false, code: error instanceof XlsxRefused ? error.code : 'import_file_invalid' };
  }
}

void answer().then((message) => parentPort!.postMessage(message));
