// Worker thread entry: reads one .xlsx off the API's event loop (built to dist/xlsx-worker.js).
import { parentPort, workerData } from 'node:worker_threads';
import { readCells, XlsxRefused, type XlsxLimits } from './xlsx-read';

const { bytes, limits } = workerData as { bytes: Uint8Array; limits: XlsxLimits };
readCells(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits).then(
  (rows) => parentPort!.postMessage({ ok: true, rows }),
  (error: unknown) => parentPort!.postMessage({ ok: false, code: error instanceof XlsxRefused ? error.code : 'import_file_invalid' }),
);
